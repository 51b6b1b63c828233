import { featureTexts } from '../i18n';
import texts from './fr-FR.json';

/** The change requests' texts. */
export const useRequestsTexts = featureTexts('requests', texts);
