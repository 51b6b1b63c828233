import { componentInfo, computePricingTable, pricingPayloadSchema } from '@sejour/domain';
import { lawfulPricingPayload } from '@sejour/domain/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { simulatorFormSchema } from './SimulatorPage';
import { stayFormSchema, TaxCalculator } from './TaxCalculator';

const table = computePricingTable(pricingPayloadSchema.parse(lawfulPricingPayload()));

describe('the tax calculator', () => {
  it('reads the form through the domain’s stay schema: the price in cents, the counts as typed', () => {
    expect(stayFormSchema.parse({ nights: 7, persons: 4, exempted: 2, pricePerNight: 100.5 })).toEqual({
      nights: 7,
      persons: 4,
      exempted: 2,
      pricePerNight: 10_050,
    });
    const refused = stayFormSchema.safeParse({ nights: null, persons: 1, exempted: 2, pricePerNight: 1 });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['nights', 'Veuillez compléter ce champ.'],
    ]);
  });

  it('shows the schema’s message on the field and no result while more persons are exempted than present', async () => {
    const user = userEvent.setup();
    renderUi(<TaxCalculator table={table} />);
    expect(screen.getByTestId('calculator-results')).toBeInTheDocument();
    const exempted = screen.getByRole('textbox', { name: /dont personnes exonérées/ });
    await user.clear(exempted);
    await user.type(exempted, '5');
    await waitFor(() =>
      expect(exempted).toHaveAccessibleDescription(
        expect.stringContaining('Veuillez sélectionner une valeur inférieure ou égale à 4.'),
      ),
    );
    expect(screen.queryByTestId('calculator-results')).not.toBeInTheDocument();
    expect(screen.getByText('Corrigez les valeurs du séjour pour voir le calcul.')).toBeInTheDocument();
  }, 30_000);

  it('never rounds "3,5" nights: the nights field says a whole number is asked, and no result shows', async () => {
    const user = userEvent.setup();
    renderUi(<TaxCalculator table={table} />);
    const nights = screen.getByRole('textbox', { name: /nuits/i });
    await user.clear(nights);
    await user.type(nights, '3,5');
    await waitFor(() =>
      expect(nights).toHaveAccessibleDescription(
        expect.stringContaining('Veuillez saisir un nombre entier.'),
      ),
    );
    expect(nights).toHaveValue('3.5');
    expect(screen.queryByTestId('calculator-results')).not.toBeInTheDocument();
    for (const other of [/personnes/i, /dont personnes exonérées/]) {
      expect(screen.getAllByRole('textbox', { name: other })[0]).not.toHaveAttribute('aria-invalid', 'true');
    }
  }, 30_000);
});

describe('the public simulator’s form', () => {
  const errors = (values: object) =>
    simulatorFormSchema
      .safeParse({ nights: 7, persons: 4, exempted: 2, pricePerNight: 100, type: 'HOTEL_3', ...values })
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('puts each message on the field holding the wrong value', () => {
    expect(errors({ nights: 3.5 })).toEqual([['nights', 'Veuillez saisir un nombre entier.']]);
    expect(errors({ exempted: 5 })).toEqual([
      ['exempted', 'Veuillez sélectionner une valeur inférieure ou égale à 4.'],
    ]);
    expect(errors({ type: 'NONE', pricePerNight: null })).toEqual([
      ['pricePerNight', 'Veuillez compléter ce champ.'],
    ]);
  });

  it('never blocks on the price it hides (classified accommodation)', () => {
    expect(errors({ type: 'HOTEL_3', pricePerNight: null })).toEqual([]);
  });

  it('adds a column for each component the deliberation collects', () => {
    const on = (kind: keyof typeof componentInfo, rate: number, enabled = true) => ({
      enabled,
      rate,
      beneficiary: componentInfo[kind].beneficiary,
    });
    renderUi(
      <TaxCalculator
        table={{
          ...table,
          deliberation: {
            settings: {
              DEPARTMENTAL: on('DEPARTMENTAL', 1000),
              ILE_DE_FRANCE: on('ILE_DE_FRANCE', 1500),
              IDF_MOBILITES: on('IDF_MOBILITES', 20000),
              RAILWAY_LINE: on('RAILWAY_LINE', 3400, false),
            },
            collectionPeriods: [{ from: '01-01', to: '12-31' }],
            lowRentThreshold: null,
          },
        }}
      />,
    );
    const results = screen.getByTestId('calculator-results');
    expect(results).toHaveTextContent(componentInfo.ILE_DE_FRANCE.label);
    expect(results).toHaveTextContent(componentInfo.IDF_MOBILITES.label);
    expect(results).not.toHaveTextContent(componentInfo.RAILWAY_LINE.label);
  });
});
