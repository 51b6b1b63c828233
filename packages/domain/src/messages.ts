/**
 * The French messages alone, without the schemas (`@sejour/domain/messages`): the web app's login screen
 * shows them before zod and the contracts are downloaded.
 */
export { errorCatalogue } from './error-catalogue';
export { validationMessages } from './validation/messages';
