import { localStorageColorSchemeManager } from '@mantine/core';

/** Where the light/dark choice is remembered (browser storage). */
export const COLOR_SCHEME_KEY = 'sejour-color-scheme';
export const colorSchemeManager = /*#__PURE__*/ localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
