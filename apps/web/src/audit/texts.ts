import { featureTexts } from '../i18n';
import texts from './fr-FR.json';

/** The audit journal's texts (its side bar's labels are in `nav.fr-FR.json`, loaded with the app). */
export const useAuditTexts = featureTexts('audit', texts);
