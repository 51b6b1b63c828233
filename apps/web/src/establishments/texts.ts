import { addTexts, useTranslation } from '../i18n';
import texts from './fr-FR.json';

// Registered when this module is imported: the texts come with the code that reads them, not with the
// app (docs/decisions/0116-texts-per-feature.md). The side bar's labels are in `nav.fr-FR.json`.
addTexts('establishments', texts);

/** Read the texts with this hook, never `useTranslation('establishments')`: importing it brings them. */
export const useEstablishmentsTexts = () => useTranslation('establishments');
