import { accountApi } from '../account/contracts';
import { activationApi } from '../activation/contracts';
import { adminsApi } from '../admins/contracts';
import { auditApi } from '../audit/contracts';
import { authApi } from '../auth/contracts';
import { changeRequestsApi } from '../change-requests/contracts';
import { declarationsApi } from '../declarations/contracts';
import { establishmentsApi } from '../establishments/contracts';
import { establishmentLifeApi } from '../establishments/life-contracts';
import { healthApi } from '../health/contracts';
import { homeApi, messagesApi } from '../home/contracts';
import { onboardingApi } from '../onboarding/contracts';
import { pricingsApi } from '../pricings/contracts';
import { providersApi } from '../providers/contracts';
import { registerApi } from '../register/contracts';
import { reportsApi } from '../reports/contracts';
import { resumeApi } from '../resume/contracts';
import { settingsApi } from '../settings/contracts';
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
  activation: activationApi,
  providers: providersApi,
  admins: adminsApi,
  pricings: pricingsApi,
  establishments: establishmentsApi,
  establishmentLife: establishmentLifeApi,
  reports: reportsApi,
  declarations: declarationsApi,
  register: registerApi,
  resume: resumeApi,
  settings: settingsApi,
  messages: messagesApi,
  home: homeApi,
  journal: auditApi,
  onboarding: onboardingApi,
  changeRequests: changeRequestsApi,
};

export const allContracts: readonly RouteContract[] = Object.values(allApis).flatMap((api) =>
  Object.values(api),
);
