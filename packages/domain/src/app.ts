/** Product constants shared by server and web. */
export const APP_VERSION = '1.1.0';
export const APP_TITLE = 'Séjour — Taxe de séjour';
/** Screens at or below this width collapse the side bar and shorten labels. */
export const NARROW_SCREEN_MAX_PX = 600;
/** Default lifetime of a session token, in seconds (8 hours). */
export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 60 * 60;
