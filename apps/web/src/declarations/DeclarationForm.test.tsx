import { computePricingTable, pricingPayloadSchema } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { DeclarationForm } from './DeclarationForm';

const pricing = computePricingTable(pricingPayloadSchema.parse(lawfulPricingPayload()));
const NBSP = /[\u00a0\u202f]/g;
const text = (element: HTMLElement) => (element.textContent ?? '').replace(NBSP, ' ');

describe('the unclassified let’s declaration form', () => {
  it('asks each band’s figures with plain labels and explains every amount from the engine', async () => {
    renderUi(
      <DeclarationForm
        type="NONE"
        declaration={null}
        pricing={pricing}
        readOnly={false}
        onSubmit={async () => undefined}
        actions={null}
      />,
    );
    const below = screen.getByRole('group', { name: /Nuitées à moins de 100,00.€ HT par nuit/ });
    const user = userEvent.setup();
    const fill = async (input: HTMLElement, value: string) => {
      await user.click(input);
      await user.paste(value);
    };
    await fill(within(below).getByLabelText(/^Nuitées/), '40');
    await fill(within(below).getByLabelText(/^dont nuitées exonérées/), '4');
    await fill(within(below).getByLabelText(/^Loyers encaissés/), '368');
    await fill(within(below).getByLabelText(/^dont loyers des nuitées exonérées/), '36,80');

    // 5 % of 368 € ÷ 40 person-nights = 0,46 €; the departmental 10 % of it, 0,046 €, rounded to 0,05 € a night.
    const explained = await screen.findByTestId('explain-inf');
    expect(text(within(explained).getByTestId('explain-cc'))).toBe(
      'Part intercommunale : 0,46 € × 36 nuitées = 16,56 €',
    );
    expect(text(within(explained).getByTestId('explain-moselle'))).toBe(
      'Taxe additionnelle départementale : 0,05 € × 36 nuitées = 1,80 €',
    );
    expect(text(within(explained).getByTestId('explain-rounding'))).toContain('10 % de 0,46 €, soit 0,05 €');
    expect(screen.queryByTestId('explain-sup')).toBeNull();
    expect(text(screen.getByTestId('declaration-total'))).toBe('18,36 €');
    expect(screen.getByTestId('bands-help')).toHaveTextContent(/Exemple/);
  }, 20_000);
});
