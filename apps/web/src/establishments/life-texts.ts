import { featureTexts } from '../i18n';
import texts from './life.fr-FR.json';

/**
 * The texts of an establishment's closures and cessation, in the establishments' namespace: they come with the
 * section's own chunk, loaded after the screen's.
 */
export const useLifeTexts = featureTexts('establishments', texts);
