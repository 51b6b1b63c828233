import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { brandTheme, cssVariablesResolver } from './brand-theme';

/**
 * The CSS variables Mantine's provider would write for this theme (colours, primary shades, fonts, the
 * contrast fixes), for the login screen that runs before the provider is downloaded.
 */
export function themeVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, brandTheme);
  const base = defaultCssVariablesResolver(merged);
  const ours = cssVariablesResolver(merged);
  return convertCssVariables(
    {
      variables: { ...base.variables, ...ours.variables },
      light: { ...base.light, ...ours.light },
      dark: { ...base.dark, ...ours.dark },
    },
    ':root',
  );
}
