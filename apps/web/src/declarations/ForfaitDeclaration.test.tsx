import {
  computeDeliberationTable,
  deliberationPayloadSchema,
  type EstablishmentDetail,
  type EstablishmentYear,
} from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { NewForfaitDeclarationPage } from './ForfaitDeclaration';

const NBSP = /[\u00a0\u202f]/g;
const text = (element: HTMLElement) => (element.textContent ?? '').replace(NBSP, ' ');

/** Campsites au forfait, 3–5★ at 0,60 € with the departmental 10 %, an abatement of 30 % from 1 night. */
const deliberation = computeDeliberationTable(
  deliberationPayloadSchema.parse({
    ...lawfulPricingPayload(),
    collectionPeriods: [{ from: '01-01', to: '12-31' }],
    forfait: { natures: ['CAMPSITE'], abatements: [{ fromNights: 1, rate: 3000 }] },
  }),
);

const year: EstablishmentYear = {
  establishment: {
    id: 7,
    name: 'Camping des Grands Pins',
    type: 'CAMPING_345',
    capacityMaxPerson: null,
    openingDate: '2020-01-01',
  },
  year: 2026,
  months: [],
  regime: 'FORFAIT',
  forfaitPeriods: [
    {
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
      deadline: '2025-12-01',
      state: 'late',
      late: true,
      declarationId: null,
      totalAmount: null,
    },
  ],
  attestation: null,
};

const establishment = {
  id: 7,
  name: 'Camping des Grands Pins',
  nature: 'CAMPSITE',
  stars: 3,
  type: 'CAMPING_345',
} as unknown as EstablishmentDetail;

/** The API as the screen calls it; the forfait's creation answers `refusal`. */
function serve(refusal: unknown) {
  const sent: Array<{ url: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (url.includes('/declarations/forfait')) {
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return json(422, refusal);
    }
    if (url.includes('/establishments/7/months')) return json(200, { success: true, data: year });
    if (url.includes('/declarations/deliberation')) return json(200, { success: true, data: deliberation });
    if (url.includes('/establishments/7')) return json(200, { success: true, data: establishment });
    return json(404, { success: false, code: 'not_found', message: 'Introuvable.' });
  });
  return sent;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a campsite’s forfait declaration', () => {
  it('asks for the opening periods and the pitches, computes the forfait and shows the server’s refusals on their fields', async () => {
    const sent = serve({
      success: false,
      code: 'validation_error',
      message: 'Les données envoyées sont invalides.',
      errors: { 'openingPeriods.0.from': 'Les périodes d’ouverture ne doivent pas se chevaucher.' },
    });
    renderUi(<NewForfaitDeclarationPage />, {
      url: '/declarations/forfait/new?establishmentId=7&periodStart=2026-01-01',
    });
    expect(await screen.findByRole('heading', { name: 'Déclaration au forfait' })).toBeVisible();
    expect(text(screen.getByTestId('forfait-period'))).toBe(
      'Période de perception du 1er janvier 2026 au 31 décembre 2026',
    );
    expect(text(screen.getByTestId('forfait-deadline'))).toBe(
      'À déclarer au plus tard le 1er décembre 2025.',
    );
    expect(screen.getByText('En retard')).toBeVisible();
    expect(screen.getByText('Règle de calcul : 3 personnes par emplacement.')).toBeVisible();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Période 1 : première nuit/ }), '01/05/2026');
    await user.type(screen.getByRole('textbox', { name: /Période 1 : dernière nuit/ }), '30/09/2026');
    await user.type(screen.getByRole('textbox', { name: /Nombre d’emplacements/ }), '120');
    await user.tab();

    // 120 pitches × 3 persons × 153 nights × (1 − 30 %) = 38 556 person-nights, at 0,60 € and 0,06 €.
    await waitFor(() => expect(text(screen.getByTestId('declaration-total'))).toBe('25 446,96 €'));
    expect(text(screen.getByTestId('forfait-capacity-units'))).toBe('360');
    expect(text(screen.getByTestId('forfait-nights'))).toBe('153');
    expect(text(screen.getByTestId('forfait-abatement'))).toBe('30 %');
    expect(text(screen.getByTestId('forfait-charged'))).toBe('38 556');
    expect(text(screen.getByTestId('forfait-base-how'))).toBe('0,60 € × 38 556 nuitées = 23 133,60 €');
    expect(text(screen.getByTestId('component-DEPARTMENTAL-how'))).toBe(
      '0,06 € × 38 556 nuitées = 2 313,36 €',
    );

    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await screen.findByText('Les périodes d’ouverture ne doivent pas se chevaucher.')).toBeVisible();
    expect(sent[0]?.body).toEqual({
      establishmentId: 7,
      periodStart: '2026-01-01',
      openingPeriods: [{ from: '2026-05-01', to: '2026-09-30' }],
      capacity: 120,
    });
  }, 20_000);

  it('refuses an opening outside the collection period before sending it', async () => {
    const sent = serve({ success: false, code: 'internal_error', message: 'Erreur.' });
    renderUi(<NewForfaitDeclarationPage />, {
      url: '/declarations/forfait/new?establishmentId=7&periodStart=2026-01-01',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Période 1 : première nuit/ }), '01/05/2026');
    await user.type(screen.getByRole('textbox', { name: /Période 1 : dernière nuit/ }), '30/04/2026');
    await user.type(screen.getByRole('textbox', { name: /Nombre d’emplacements/ }), '120');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(
      await screen.findByText('La période d’ouverture doit finir le jour de son début ou après.'),
    ).toBeVisible();
    expect(sent).toHaveLength(0);
  }, 20_000);
});
