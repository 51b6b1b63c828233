/** Product constants shared by server and web. */
export const APP_VERSION = '1.1.0';
export const APP_TITLE = 'Séjour — Taxe de séjour';
/** Screens at or below this width collapse the side bar and shorten labels. */
export const NARROW_SCREEN_MAX_PX = 600;
/**
 * The side bar also collapses up to this width (CSS pixels), so that a desktop window zoomed to 200 % (a
 * 1280 px window is then 640 px wide) gives its width to the screen; labels shorten only at the width above.
 */
export const SIDE_BAR_COLLAPSE_MAX_PX = 800;
/** Default lifetime of a session token, in seconds (8 hours). */
export const DEFAULT_TOKEN_TTL_SECONDS = 8 * 60 * 60;
