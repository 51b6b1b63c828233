import { featureTexts } from '../i18n';
import texts from './fr-FR.json';

/** The register feature's texts. */
export const useRegisterTexts = featureTexts('register', texts);
