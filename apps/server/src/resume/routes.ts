import { Readable } from 'node:stream';
import { noticeFileName, resumeApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { inPages } from '../offload/pool';
import { createCollectivitySettings } from '../settings';
import { reversementsCsv } from './exports';
import { semesterForfaits } from './forfaits';
import { noticesPdf } from './notices';
import type { SemesterScope } from './repository';
import { createResumeService, PROVIDER_PAGE } from './service';

/** Providers handed to the worker in one message: a line or a few each, some tens of KiB of CSV in all. */
const PROVIDERS_PER_MESSAGE = 50;

const fileName = (base: string, scope: { year: number; semester: number }, ext: string) =>
  `${base}-${scope.year}-S${scope.semester}.${ext}`;

/** The semester's resume, its exports and notices. */
export const register: RegisterFeature = (api, { db, databaseKind, now, config, offload }) => {
  const settings = createCollectivitySettings(db, config.collectivityName);
  const service = createResumeService({ db, now, settings, providerPage: PROVIDER_PAGE[databaseKind] });
  const providerPages = (scope: SemesterScope) => inPages(service.eachProvider(scope), PROVIDERS_PER_MESSAGE);
  routes(api, resumeApi, {
    get: ({ actor, query }) => service.get(actor, query),
    semesters: ({ actor, query }) => service.semesters(actor, query),
    // Both files are written by an offload worker from pages of providers, read as the reader takes the bytes.
    exportCsv: async ({ actor, query }) => {
      const scope = await service.scopeOf(actor, query);
      const head = { shape: await service.exportShape(scope), forfaits: await semesterForfaits(db, scope) };
      return {
        body: offload.stream('resumeCsv', Promise.resolve(head), providerPages(scope)),
        filename: fileName('recapitulatif', scope, 'csv'),
      };
    },
    accountingCsv: async ({ actor, query }) => {
      const scope = await service.scopeOf(actor, query);
      const { components } = await service.exportShape(scope);
      return {
        body: offload.stream('accountingCsv', Promise.resolve({ components }), providerPages(scope)),
        filename: fileName('export-comptable', scope, 'csv'),
      };
    },
    reversements: ({ query }) => service.reversements(query),
    reversementsCsv: async ({ query }) => ({
      body: Readable.from(reversementsCsv(await service.reversements(query))),
      filename:
        query.semester === undefined
          ? `reversements-${query.year}.csv`
          : fileName('reversements', { year: query.year, semester: query.semester }, 'csv'),
    }),
    notices: async ({ actor, query }) => {
      const scope = await service.scopeOf(actor, query);
      const provider = scope.userId === undefined ? undefined : await service.provider(scope.userId);
      return {
        body: noticesPdf(service, settings, scope, offload),
        filename: noticeFileName(scope, provider?.provider),
      };
    },
  });
};
