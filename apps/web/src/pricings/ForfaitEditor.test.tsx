import type { PricingBody } from '@sejour/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Form, useFormValues, useKitForm } from '../ui';
import { ForfaitEditor } from './ForfaitEditor';
import { emptyPricingForm, type PricingFormValues, pricingFormSchema } from './form';

function Harness(props: { initial: PricingFormValues; readOnly: boolean }) {
  const form = useKitForm<PricingFormValues, PricingBody>({
    defaultValues: props.initial,
    schema: pricingFormSchema,
  });
  const values = useFormValues(form);
  return (
    <Form form={form} onSubmit={() => undefined}>
      <ForfaitEditor forfait={values.forfait} readOnly={props.readOnly} />
    </Form>
  );
}

const CAMPSITE = 'Terrain de camping ou de caravanage (ou hébergement de plein air équivalent)';

describe('the forfait of a deliberation', () => {
  it('shows the abatement bands once a nature is au forfait, the first from 1 night, and the law’s limits', async () => {
    renderUi(<Harness initial={emptyPricingForm()} readOnly={false} />);
    const user = userEvent.setup();
    expect(screen.queryByTestId('forfait-abatements')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: CAMPSITE }));
    const bands = await screen.findByTestId('forfait-abatements');
    expect(within(bands).getByRole('textbox', { name: /Tranche 1 : à partir de/ })).toHaveValue('1');
    expect(within(bands).getByRole('textbox', { name: /Tranche 1 : à partir de/ })).toHaveAttribute(
      'readonly',
    );
    await user.type(within(bands).getByRole('textbox', { name: /Tranche 1 : abattement/ }), '5');
    await user.tab();
    expect(
      await screen.findByText(
        'L’abattement doit être compris entre 10 % et 80 % (article L2333-42 du CGCT).',
      ),
    ).toBeVisible();

    await user.click(within(bands).getByRole('button', { name: 'Ajouter une tranche' }));
    expect(within(bands).getByRole('textbox', { name: /Tranche 2 : à partir de/ })).toHaveValue('2');
    await user.click(within(bands).getByRole('button', { name: 'Retirer la tranche 2' }));
    expect(within(bands).queryByRole('textbox', { name: /Tranche 2/ })).toBeNull();
    expect(within(bands).queryByRole('button', { name: /Retirer la tranche 1/ })).toBeNull();
  }, 20_000);

  it('reads as sentences for whoever cannot change it', () => {
    const initial = emptyPricingForm();
    const { unmount } = renderUi(<Harness initial={initial} readOnly />);
    expect(screen.getByTestId('forfait-summary')).toHaveTextContent(
      'Toutes les natures sont taxées au réel.',
    );
    unmount();
    renderUi(
      <Harness
        initial={{
          ...initial,
          forfait: {
            natures: ['CAMPSITE'],
            abatements: [
              { fromNights: 1, rate: 30 },
              { fromNights: 120, rate: 50 },
            ],
          },
        }}
        readOnly
      />,
    );
    const summary = screen.getByTestId('forfait-summary');
    expect(summary).toHaveTextContent(CAMPSITE);
    expect(summary.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'À partir de 1 nuit d’ouverture : abattement 30 %',
    );
    expect(summary.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'À partir de 120 nuits d’ouverture : abattement 50 %',
    );
  });
});
