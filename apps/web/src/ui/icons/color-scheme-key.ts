/** Where the light/dark choice is remembered (browser storage); `public/color-scheme.js` reads it too. */
export const COLOR_SCHEME_KEY = 'sejour-color-scheme';
