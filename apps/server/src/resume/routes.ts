import { Readable } from 'node:stream';
import { noticeFileName, resumeApi } from '@sejour/domain';
import type { RegisterFeature } from '../feature';
import { routes } from '../http/contract-routes';
import { createCollectivitySettings } from '../settings';
import { accountingCsv, resumeCsv, reversementsCsv } from './exports';
import { semesterForfaits } from './forfaits';
import { noticesPdf } from './notices';
import { createResumeService } from './service';

const fileName = (base: string, scope: { year: number; semester: number }, ext: string) =>
  `${base}-${scope.year}-S${scope.semester}.${ext}`;

/** The semester's resume, its exports and notices. */
export const register: RegisterFeature = (api, { db, now, config, offload }) => {
  const settings = createCollectivitySettings(db, config.collectivityName);
  const service = createResumeService({ db, now, settings });
  routes(api, resumeApi, {
    get: ({ actor, query }) => service.get(actor, query),
    semesters: ({ actor, query }) => service.semesters(actor, query),
    exportCsv: async ({ actor, query }) => {
      const scope = await service.scopeOf(actor, query);
      return {
        body: Readable.from(
          resumeCsv(
            service.eachProvider(scope),
            await service.exportShape(scope),
            await semesterForfaits(db, scope),
          ),
        ),
        filename: fileName('recapitulatif', scope, 'csv'),
      };
    },
    accountingCsv: async ({ actor, query }) => {
      const scope = await service.scopeOf(actor, query);
      return {
        body: Readable.from(
          accountingCsv(service.eachProvider(scope), (await service.exportShape(scope)).components),
        ),
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
