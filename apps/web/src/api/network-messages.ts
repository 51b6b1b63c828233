/**
 * What a call says when the server was not reached. Without any import, so that the login screen (shown
 * before the typed client is downloaded) says exactly what the rest of the app says.
 */

/** A call given a time limit, when the server does not answer within it. */
export const NO_ANSWER_MESSAGE = 'Le serveur ne répond pas : vérifiez votre connexion, puis réessayez.';

/** A request that did not reach the server (offline, server down). */
export const unreachableMessage = (method: string, url: string) =>
  `Impossible de se connecter au serveur : ${method} ${url}`;
