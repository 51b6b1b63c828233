/** The interface constants, in one place: every kit piece reads them from here. */

/** Toasts live 5 000 ms and take 0.3 s to disappear. */
export const TOAST_LIFESPAN_MS = 5000;
export const TOAST_EXIT_MS = 300;

/** Debounced validation waits 300 ms after the last change; labels animate only 200 ms after mounting. */
export const VALIDATION_DEBOUNCE_MS = 300;
export const LABEL_ANIMATION_DELAY_MS = 200;

/** Tables: 10 rows a page by default (`null` = unlimited); 2 end pages, 2 neighbours, ellipses jump 5. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGINATION_BOUNDARIES = 2;
export const PAGINATION_SIBLINGS = 2;
export const PAGINATION_JUMP = 5;

/** CSV export file `data.csv` unless named (the format itself: `@sejour/domain` csv). */
export const CSV_DEFAULT_FILE_NAME = 'data';

/** Select and phone lists show 5 items of 36 px. */
export const LIST_VISIBLE_ITEMS = 5;
export const LIST_ITEM_HEIGHT_PX = 36;

/** Number input: 9 decimals at most by default. */
export const NUMBER_DECIMALS = 9;

/** Phone: France by default; national number 2 to 17 digits; typed text at most 250 characters. */
export const DEFAULT_PHONE_COUNTRY = 'FR';
/** Its dial code, shown before the phone library (which knows every country's) arrives; a test checks it. */
export const DEFAULT_PHONE_DIAL = '+33';
export const PHONE_NATIONAL_MIN_DIGITS = 2;
export const PHONE_NATIONAL_MAX_DIGITS = 17;
export const PHONE_INPUT_MAX_LENGTH = 250;
