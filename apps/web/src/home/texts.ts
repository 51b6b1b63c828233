import { useTranslation } from 'react-i18next';
import { addTexts } from '../i18n';
import texts from './fr-FR.json';

// Registered by importing this module, so they come with the code that reads them, not with the app
// (the side bar's labels are in `nav.fr-FR.json`, registered with the manifest): docs/decisions/0116-texts-per-feature.md.
addTexts('home', texts);

/** The feature's texts, `t('key')`: use this hook, not `useTranslation('home')`, so that they are loaded. */
export const useHomeTexts = () => useTranslation('home');
