import { addTexts, useTranslation } from '../i18n';
import texts from './fr-FR.json';

// Registered when this module is imported: the texts come with the code that reads them, not with the
// app (docs/decisions/0116-texts-per-feature.md).
addTexts('register', texts);

/** Read the texts with this hook, never `useTranslation('register')`: importing it brings them. */
export const useRegisterTexts = () => useTranslation('register');
