/** Where the light/dark choice is remembered (browser storage); `public/before-paint.js` reads it too. */
export const COLOR_SCHEME_KEY = 'sejour-color-scheme';
