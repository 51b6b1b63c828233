import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A deep blue whose filled shade passes WCAG AA contrast with white text (axe flags Mantine's default).
const sejour: MantineColorsTuple = [
  '#e8f2fb',
  '#cfe1f2',
  '#a0c1e4',
  '#6d9fd6',
  '#4583ca',
  '#2c71c3',
  '#1c5d8f',
  '#174f7a',
  '#114066',
  '#0a3152',
];

export const theme = createTheme({
  primaryColor: 'sejour',
  primaryShade: { light: 6, dark: 4 },
  colors: { sejour },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});
