import { readFileSync } from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ANIMATED_ICON_NAMES, AnimatedIcon } from './AnimatedIcon';
import { COLOR_SCHEME_KEY, colorSchemeManager } from './color-scheme';
import { ThemeToggle } from './ThemeToggle';

/** The style sheet's text (jsdom applies no CSS, so the rules are checked as written). */
const here = (import.meta as ImportMeta & { dirname: string }).dirname;
const css = readFileSync(`${here}/AnimatedIcon.module.css`, 'utf8');

describe('animated icons', () => {
  it('are the 13 of the spec', () => {
    expect(ANIMATED_ICON_NAMES).toEqual([
      'add',
      'close',
      'copy',
      'delete',
      'download',
      'edit',
      'heart',
      'letter',
      'show',
      'hide',
      'upload',
      'sun',
      'moon',
    ]);
  });

  it('render as decorative SVGs, each with its own animation', () => {
    const { container } = render(
      <div>
        {ANIMATED_ICON_NAMES.map((name) => (
          <AnimatedIcon key={name} name={name} />
        ))}
      </div>,
    );
    const svgs = container.querySelectorAll('svg');
    expect(svgs).toHaveLength(13);
    for (const svg of svgs) {
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg).toHaveAttribute('data-animate', 'hover');
    }
    for (const name of ANIMATED_ICON_NAMES)
      expect(css).toMatch(new RegExp(`\\.${name}[^{]*\\{\\s*animation-name:`));
  });

  it('move only when the user has not asked for reduced motion', () => {
    const start = css.indexOf('@media (prefers-reduced-motion: no-preference)');
    expect(start).toBeGreaterThan(-1);
    // Every rule that starts an animation is inside that media query.
    expect(css.slice(0, start)).not.toMatch(/animation-name:/);
  });
});

describe('ThemeToggle', () => {
  it('switches light and dark, and remembers the choice', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        <ThemeToggle />
      </MantineProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Passer au thème sombre' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(document.querySelector('[data-icon="sun"]')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Passer au thème clair' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
  });
});
