import { featureTexts } from '../i18n';
import texts from './fr-FR.json';

/** The providers feature's texts (its side bar's labels are in `nav.fr-FR.json`, loaded with the app). */
export const useProvidersTexts = featureTexts('providers', texts);
