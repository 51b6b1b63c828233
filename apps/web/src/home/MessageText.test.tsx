import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { MessageText } from './MessageText';

describe('a message’s text', () => {
  it('is shown as typed: markup stays text, line breaks stay, http(s) addresses become links', () => {
    const body = '<img src=x onerror="window.__pwned=1">\n<b>Gras</b> voir https://example.fr/taxe.';
    const { container } = renderUi(<MessageText body={body} />);
    expect(container.querySelector('img, b, script')).toBeNull();
    const paragraph = container.querySelector('p');
    expect(paragraph?.textContent).toBe(body);
    expect(paragraph?.style.whiteSpace).toBe('pre-wrap');
    const link = screen.getByRole('link', { name: 'https://example.fr/taxe' });
    expect(link).toHaveAttribute('href', 'https://example.fr/taxe');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('a javascript: address is not made a link', () => {
    renderUi(<MessageText body="javascript:alert(1) et https://ok.fr" />);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['https://ok.fr']);
  });
});
