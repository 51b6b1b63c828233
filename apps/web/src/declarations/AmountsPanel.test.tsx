import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { AmountsPanel } from './AmountsPanel';

const NBSP = /[\u00a0\u202f]/g;
const text = (element: HTMLElement) => (element.textContent ?? '').replace(NBSP, ' ');

describe('the amounts of a declaration under a deliberation', () => {
  it('shows each component with its line, the total and the exempted person-nights by reason', () => {
    const line = (kind: 'DEPARTMENTAL' | 'ILE_DE_FRANCE' | 'IDF_MOBILITES', rate: number, unit: number) => ({
      kind,
      rate,
      unit,
      amount: unit * 36,
    });
    renderUi(
      <AmountsPanel
        amounts={{
          taxableNights: 36,
          cc: 6_120,
          moselle: 612,
          total: 19_908,
          components: [
            { kind: 'DEPARTMENTAL', amount: 612 },
            { kind: 'ILE_DE_FRANCE', amount: 936 },
            { kind: 'IDF_MOBILITES', amount: 12_240 },
          ],
        }}
        explanation={{
          regime: 'classified',
          taxableNights: 36,
          tariffs: { cc: 170, moselle: 17 },
          cc: 6_120,
          moselle: 612,
          total: 19_908,
          components: [
            line('DEPARTMENTAL', 1_000, 17),
            line('ILE_DE_FRANCE', 1_500, 26),
            line('IDF_MOBILITES', 20_000, 340),
          ],
        }}
        reasons={{ MINOR: 3, SEASONAL_WORKER: 1, EMERGENCY_REHOUSING: 0, LOW_RENT: 0 }}
        platformNights={0}
        threshold={10_000}
        note=""
      />,
    );
    expect(text(screen.getByTestId('explain-ILE_DE_FRANCE'))).toBe(
      'Taxe additionnelle régionale Île-de-France : 0,26 € × 36 nuitées = 9,36 €',
    );
    expect(text(screen.getByTestId('explain-moselle'))).toBe(
      'Taxe additionnelle départementale : 0,17 € × 36 nuitées = 6,12 €',
    );
    expect(text(screen.getByTestId('component-IDF_MOBILITES'))).toBe('122,40 €');
    expect(text(screen.getByTestId('declaration-total'))).toBe('199,08 €');
    const reasons = screen.getByTestId('exempted-by-reason');
    expect(text(reasons)).toContain('Mineur3');
    expect(text(reasons)).toContain('Travailleur saisonnier1');
    expect(within(reasons).queryByText('Loyer inférieur au montant fixé')).toBeNull();
  });
});
