import { accountFeature } from '../account/feature';
import { activationFeature } from '../activation/feature';
import { adminsFeature } from '../admins/feature';
import { auditFeature } from '../audit/feature';
import { authFeature } from '../auth/feature';
import { declarationsFeature } from '../declarations/feature';
import { establishmentsFeature } from '../establishments/feature';
import { homeFeature } from '../home/feature';
import { addTexts } from '../i18n';
import { onboardingFeature } from '../onboarding/feature';
import { pricingsFeature } from '../pricings/feature';
import { providersFeature } from '../providers/feature';
import { registerFeature } from '../register/feature';
import { reportsFeature } from '../reports/feature';
import { requestsFeature } from '../requests/feature';
import { resumeFeature } from '../resume/feature';
import { settingsFeature } from '../settings/feature';
import type { FeatureManifest } from '../ui/feature';

/**
 * The composition root of the web app: every feature, in side-bar order. A new feature is one line here
 * (its folder exports a manifest: screens, side-bar entries and their labels).
 */
export const features: readonly FeatureManifest[] = [
  homeFeature,
  adminsFeature,
  providersFeature,
  establishmentsFeature,
  onboardingFeature,
  reportsFeature,
  declarationsFeature,
  registerFeature,
  pricingsFeature,
  resumeFeature,
  settingsFeature,
  auditFeature,
  requestsFeature,
  accountFeature,
  authFeature,
  activationFeature,
];

for (const feature of features) if (feature.texts) addTexts(feature.name, feature.texts);
