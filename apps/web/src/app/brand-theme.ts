import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

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

/**
 * The look of the app without any component: colours, fonts, radius, headings. The login screen, shown
 * before Mantine's components are downloaded, turns it into CSS variables (`themeVariablesCss`); `theme.ts`
 * adds the components' settings.
 */
export const brandTheme = createTheme({
  primaryColor: 'sejour',
  // Dark: shade 5 (white text 4.9:1); Mantine's usual 4 is 3.9:1.
  primaryShade: { light: 6, dark: 5 },
  colors: { sejour },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Page and card titles shrink on phones (Mantine's 34 px h1 breaks a provider's name into four lines at
  // 375 px), and keep Mantine's sizes from about 720 px up.
  headings: {
    sizes: {
      h1: { fontSize: 'clamp(1.5rem, 1rem + 2.5vw, 2.125rem)' },
      h2: { fontSize: 'clamp(1.25rem, 0.9rem + 1.6vw, 1.625rem)' },
      h3: { fontSize: 'clamp(1.125rem, 0.85rem + 1.2vw, 1.375rem)' },
    },
  },
});

/**
 * Mantine's secondary text, error and link colours fail WCAG AA (4.5:1) on this app's backgrounds: grey
 * #868e96 on white is 3.3:1, the red error texts 3.3:1 in both schemes, links sejour-4 on dark 3.9:1. Fixed
 * here once, so `c="dimmed"`, field errors, counters and anchors everywhere pass (white, gray-0, dark-6/7).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // The focus ring (WCAG 2.4.7, 3:1 against its surface): 7.3:1 on white; the top bar sets its own.
    '--sejour-focus-ring': 'var(--mantine-color-sejour-6)',
    '--mantine-color-dimmed': '#5c636a', // 6.0:1 on white, 5.8:1 on gray-0
    '--mantine-color-error': 'var(--mantine-color-red-9)', // 5.5:1 on white
    // Red buttons ("Supprimer", the confirmation's) and red texts: red-6 is 3.3:1 with white.
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)', // white on it 5.5:1
    '--mantine-color-red-filled-hover': '#a61e1e',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    // The text of light badges and alerts: Mantine's shade 9 is 2.7:1 (yellow) to 4.3:1 (teal) on shade 1.
    '--mantine-color-green-light-color': '#1e6b2f',
    '--mantine-color-teal-light-color': '#0b5e45',
    '--mantine-color-yellow-light-color': '#7a4f00',
    '--mantine-color-orange-light-color': '#a63b0a',
  },
  dark: {
    '--sejour-focus-ring': 'var(--mantine-color-sejour-3)', // 6.1:1 on dark-7
    '--mantine-color-dimmed': '#a3a3a3', // 6.2:1 on dark-7, 5.4:1 on dark-6
    '--mantine-color-error': 'var(--mantine-color-red-4)', // 6.7:1 on dark-7
    '--mantine-color-anchor': 'var(--mantine-color-sejour-3)', // 5.6:1 on dark-7
    '--mantine-color-sejour-text': 'var(--mantine-color-sejour-3)',
    // Mantine derives the other colours' filled and outline shades from primaryShade.dark: red-5 under white
    // text is 2.8:1, and the outline (shade 5 - 4) would be red-1, nearly white.
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)', // white on it 5.5:1
    '--mantine-color-red-filled-hover': '#a61e1e',
    '--mantine-color-red-outline': 'var(--mantine-color-red-4)', // 6.7:1 on dark-7
    '--mantine-color-red-text': 'var(--mantine-color-red-4)',
  },
});
