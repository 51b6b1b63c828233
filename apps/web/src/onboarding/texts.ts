import { featureTexts } from '../i18n';
import texts from './fr-FR.json';

/** The onboarding feature's texts. */
export const useOnboardingTexts = featureTexts('onboarding', texts);
