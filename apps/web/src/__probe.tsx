import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';

const merged = mergeMantineTheme(DEFAULT_THEME, { primaryColor: 'sejour', fontFamily: 'x' } as never);
const s = document.createElement('style');
s.textContent = convertCssVariables(defaultCssVariablesResolver(merged), ':root');
document.head.append(s);
