import type { EstablishmentYear as Year } from '@sejour/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderUi } from '../../test/render';
import { EstablishmentYear } from './EstablishmentYear';

const NBSP = /[\u00a0\u202f]/g;

const year: Year = {
  establishment: {
    id: 7,
    name: 'Camping des Grands Pins',
    type: 'CAMPING_345',
    capacityMaxPerson: null,
    openingDate: null,
  },
  year: 2026,
  months: Array.from({ length: 12 }, (_, i) => ({
    month: (i + 1) as Year['months'][number]['month'],
    state: 'forfait' as const,
    declarationId: null,
    totalAmount: null,
    type: 'CAMPING_345' as const,
  })),
  regime: 'FORFAIT',
  forfaitPeriods: [
    {
      periodStart: '2026-01-01',
      periodEnd: '2026-06-30',
      deadline: '2025-12-01',
      state: 'done',
      late: true,
      declarationId: 12,
      totalAmount: 2_544_696,
    },
    {
      periodStart: '2026-07-01',
      periodEnd: '2026-12-31',
      deadline: '2026-06-01',
      state: 'todo',
      late: false,
      declarationId: null,
      totalAmount: null,
    },
  ],
  attestation: null,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the year of an establishment au forfait', () => {
  it('lists the collection periods to declare, each with its deadline and state; its months open nothing', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: true, data: year })),
    );
    renderUi(<EstablishmentYear establishmentId={7} />, { url: '/establishments/7?annee=2026' });
    const first = await screen.findByTestId('forfait-period-2026-01-01');
    const text = (first.textContent ?? '').replace(NBSP, ' ');
    expect(text).toContain('Du 1er janvier 2026 au 30 juin 2026');
    expect(text).toContain('À déclarer au plus tard le 1er décembre 2025');
    expect(text).toContain('Terminée');
    expect(text).toContain('déclarée en retard');
    expect(text).toContain('25 446,96 €');
    const second = screen.getByTestId('forfait-period-2026-07-01');
    expect(within(second).getByText('À déclarer')).toBeVisible();
    expect(within(second).queryByText('déclarée en retard')).toBeNull();

    expect(screen.getByTestId('month-5')).toBeDisabled();
    expect(within(screen.getByTestId('month-5')).getByText('Au forfait')).toBeVisible();

    const user = userEvent.setup();
    await user.click(within(second).getByRole('button', { name: /^Déclarer/ }));
    expect(currentUrl()).toBe('/declarations/forfait/new?establishmentId=7&periodStart=2026-07-01');
  });
});
