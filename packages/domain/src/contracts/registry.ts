import { declarationsApi } from '../declarations/contracts';
import { establishmentsApi } from '../establishments/contracts';
import { healthApi } from '../health/contracts';
import { pricingsApi } from '../pricing/contracts';
import { resumeApi, settingsApi } from '../resume/contracts';
import { adminsApi, providersApi } from '../users/contracts';
import { accountApi, authApi } from '../users/session-contracts';
import type { RouteContract } from './contract';

/** A feature's endpoints, by name. */
export type Api = Record<string, RouteContract>;

/**
 * Every endpoint of the API. The server refuses to start with an `/api` route not listed here, and the
 * generated access matrix and `docs/api.md` walk this list: a new feature adds its `…Api` object here.
 */
export const allApis: Record<string, Api> = {
  health: healthApi,
  auth: authApi,
  account: accountApi,
  providers: providersApi,
  admins: adminsApi,
  pricings: pricingsApi,
  establishments: establishmentsApi,
  declarations: declarationsApi,
  resume: resumeApi,
  settings: settingsApi,
};

export const allContracts: readonly RouteContract[] = Object.values(allApis).flatMap((api) =>
  Object.values(api),
);
