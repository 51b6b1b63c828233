import { featureTexts } from '../i18n';
import texts from './fr-FR.json';

/** The account feature's texts. */
export const useAccountTexts = featureTexts('account', texts);
