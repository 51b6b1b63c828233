import { localStorageColorSchemeManager } from '@mantine/core';
import { COLOR_SCHEME_KEY } from './color-scheme-key';

export { COLOR_SCHEME_KEY };
export const colorSchemeManager = /*#__PURE__*/ localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
