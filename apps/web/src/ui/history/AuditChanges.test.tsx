import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render';
import { AuditChanges } from './AuditChanges';

const line = (label: string) => screen.getByText(label).closest('li')?.textContent?.replace(/\s/g, ' ');

describe('AuditChanges', () => {
  it('shows every value as the screens do: euros, labels, dates, Oui/Non', () => {
    renderUi(
      <AuditChanges
        action="update"
        changes={{
          totalAmount: { from: 12000, to: 37620 },
          type: { from: 'HOTEL_3', to: 'NONE' },
          done: { from: false, to: true },
          beginDate: { from: '2026-01-01', to: '2026-02-01' },
          'rows.NONE.rate': { from: 300, to: 500 },
        }}
      />,
    );
    expect(line('Total')).toBe('Total : 120,00 € → 376,20 €');
    expect(line('Catégorie')).toBe(
      'Catégorie : Hôtels 3 étoiles et équivalents → Hébergements non classés ou en attente de classement',
    );
    expect(line('Déclaration terminée')).toBe('Déclaration terminée : Non → Oui');
    expect(line('Début')).toBe('Début : 01/01/2026 → 01/02/2026');
    expect(line('Taux — Hébergements non classés ou en attente de classement')).toBe(
      'Taux — Hébergements non classés ou en attente de classement : 3 % → 5 %',
    );
  });

  it('shows a creation’s values without an empty "before"', () => {
    renderUi(<AuditChanges action="create" changes={{ totalAmount: { from: null, to: 37620 } }} />);
    expect(line('Total')).toBe('Total : 376,20 €');
  });
});
