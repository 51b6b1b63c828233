import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { EstablishmentPicker, ProviderPicker } from './FilterPickers';

const emptyList = () =>
  new Response(JSON.stringify({ success: true, data: [], meta: { total: null, limit: 20, offset: 0 } }), {
    headers: { 'Content-Type': 'application/json' },
  });

const requested = (fetch: { mock: { calls: unknown[][] } }) => fetch.mock.calls.map(([url]) => String(url));

afterEach(() => vi.restoreAllMocks());

describe('the list’s provider and establishment pickers', () => {
  it('ask the server for suggestions once reached, not with the screen', async () => {
    const user = userEvent.setup();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => emptyList());
    renderUi(
      <>
        <ProviderPicker value={null} onChange={() => {}} />
        <EstablishmentPicker value={null} userId="7" onChange={() => {}} />
      </>,
    );
    // Long enough for a query started on mount to have asked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('textbox', { name: 'Hébergeur' }));
    await waitFor(() => expect(requested(fetch)).toEqual([expect.stringContaining('/api/users?')]));
    await user.click(screen.getByRole('textbox', { name: 'Établissement' }));
    await waitFor(() => expect(requested(fetch)).toHaveLength(2));
    expect(requested(fetch)[1]).toMatch(/\/api\/establishments\?.*userId=7/);
  });
});
