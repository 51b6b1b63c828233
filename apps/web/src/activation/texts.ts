import { featureTexts } from '../i18n';
import texts from './fr-FR.json';

/** The activation feature's texts. */
export const useActivationTexts = featureTexts('activation', texts);
