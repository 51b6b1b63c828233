import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that can end a text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('escapes an ampersand once, before the entities it writes', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves French text as it is', () => {
    expect(escapeHtml('Déclarations à faire — Séjour')).toBe('Déclarations à faire — Séjour');
  });
});
