import { declarationsApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { EXPORT_BATCH } from './export';
import { createForfaitDeclarations } from './forfait';
import { createDeclarationLists } from './list';
import { createMissingDeclarations } from './missing';
import { createDeclarationsService } from './service';

/** Declarations: thin HTTP over the service, which holds the rules; the access hook decided ownership. */
export const register: RegisterFeature = (api, { db, databaseKind, now, mailer, config, offload }) => {
  const service = createDeclarationsService({
    db,
    now,
    acknowledge: { mailer, publicUrl: config.publicUrl, collectivityName: config.collectivityName },
  });
  const forfait = createForfaitDeclarations({ db, now });
  const lists = createDeclarationLists(db, now, offload, EXPORT_BATCH[databaseKind]);
  const missing = createMissingDeclarations(db, now);
  routes(api, declarationsApi, {
    list: ({ actor, query }) => lists.list(actor, query),
    totals: ({ actor, query }) => lists.totals(actor, query),
    exportCsv: async ({ actor, query }) => ({
      body: lists.csv(actor, query),
      filename: 'declarations.csv',
    }),
    missing: ({ query }) => missing.list(query),
    deliberation: ({ query }) => service.deliberationOfMonth(query.year, query.month),
    get: ({ params }) => service.get(params.id),
    create: ({ actor, body }) => service.create(actor, body),
    nothingToDeclare: ({ actor, body }) => service.nothingToDeclare(actor, body),
    createForfait: ({ actor, body }) => forfait.create(actor, body),
    updateForfait: ({ actor, params, body }) => forfait.update(actor, params.id, body),
    update: ({ actor, params, body }) => service.update(actor, params.id, body),
    remove: async ({ actor, params }) => {
      await service.remove(actor, params.id);
      return null;
    },
    markDone: ({ actor, params }) => service.markDone(actor, params.id),
    reopen: ({ actor, params }) => service.reopen(actor, params.id),
    uploadFile: ({ actor, params, body }) => service.attachFile(actor, params.id, body),
    downloadFile: async ({ params }) => {
      const file = await service.file(params.id);
      return { body: file.data, filename: file.filename, contentType: file.mimeType };
    },
    removeFile: ({ actor, params }) => service.removeFile(actor, params.id),
    months: ({ params, query }) => service.year(params.id, query.year),
    attestPlatformOnly: ({ actor, params, body }) => service.attestPlatformOnly(actor, params.id, body.year),
    withdrawPlatformOnly: async ({ actor, params, query }) => {
      await service.withdrawPlatformOnly(actor, params.id, query.year);
      return null;
    },
  });
};
