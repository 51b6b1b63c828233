import { readFileSync } from 'node:fs';
import { NARROW_SCREEN_MAX_PX, SIDE_BAR_COLLAPSE_MAX_PX } from '@sejour/domain';
import { describe, expect, it } from 'vitest';

/** The style sheet's text (jsdom applies no CSS, so the rules are checked as written). */
const here = (import.meta as ImportMeta & { dirname: string }).dirname;
const css = readFileSync(`${here}/Shell.module.css`, 'utf8');

/** The rules of the stylesheet's `@media (max-width: Npx)` block. */
function mediaBlock(px: number): string {
  const start = css.indexOf(`@media (max-width: ${px}px)`);
  if (start < 0) return '';
  let depth = 0;
  for (let i = css.indexOf('{', start); i < css.length; i++) {
    if (css[i] === '{') depth++;
    if (css[i] === '}' && --depth === 0) return css.slice(start, i + 1);
  }
  return '';
}

describe('the shell at narrow widths', () => {
  it('collapses the side bar up to a desktop window zoomed to 200 % (1280 px → 640 px)', () => {
    expect(SIDE_BAR_COLLAPSE_MAX_PX).toBeGreaterThanOrEqual(1280 / 2);
    expect(SIDE_BAR_COLLAPSE_MAX_PX).toBeGreaterThanOrEqual(NARROW_SCREEN_MAX_PX);
    expect(mediaBlock(SIDE_BAR_COLLAPSE_MAX_PX)).toMatch(/\.nav\s*\{\s*display:\s*none;/);
    expect(mediaBlock(SIDE_BAR_COLLAPSE_MAX_PX)).toMatch(/\.burger\s*\{[^}]*display:\s*inline-flex/);
  });
});
