import { validationMessages } from '@sejour/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderUi } from '../../../test/render';
import { elapse } from '../../../test/timers';
import { CheckboxField } from '../fields/CheckboxField';
import { TextField } from '../fields/TextField';
import { useKitForm } from './engine';
import { Form } from './Form';
import { SubmitButton } from './SubmitButton';

afterEach(() => vi.useRealTimers());

/** A field, a box under it, then the buttons: what a message of the field moves when it comes or goes. */
function Stay(props: { onSubmit: (values: { price: string; platform: boolean }) => unknown }) {
  const form = useKitForm({
    defaultValues: { price: '', platform: false },
    schema: z.object({ price: z.string(), platform: z.boolean() }).refine((x) => x.price !== '0', {
      path: ['total'],
      error: 'Un séjour gratuit n’a pas de taxe.',
    }),
  });
  return (
    <Form form={form} onSubmit={props.onSubmit} actions={<SubmitButton>Enregistrer</SubmitButton>}>
      <TextField name="price" label="Prix" required />
      <CheckboxField name="platform" label="Plateforme" />
    </Form>
  );
}

describe('a press while a message comes or goes', () => {
  const price = () => screen.getByRole('textbox', { name: /Prix/ });
  const box = () => screen.getByRole('checkbox', { name: 'Plateforme' });
  const submitButton = () => screen.getByRole('button', { name: 'Enregistrer' });
  /** The press that leaves the price field: the blur comes between the press and its click. */
  const pressLeaving = async (target: Element) => {
    fireEvent.pointerDown(target);
    fireEvent.blur(price());
    await elapse(50);
  };

  it('keeps the message cleared by the blur until the click (the box is ticked, the form sent)', async () => {
    vi.useFakeTimers();
    const onSubmit = vi.fn();
    renderUi(<Stay onSubmit={onSubmit} />);
    fireEvent.click(submitButton());
    await elapse(0);
    expect(screen.getByText(validationMessages.required())).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Le formulaire est invalide.');
    // Corrected, and the box pressed before the debounced check: the blur finds the price valid.
    fireEvent.change(price(), { target: { value: '80' } });
    await pressLeaving(box());
    expect(screen.getByText(validationMessages.required())).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.pointerUp(box());
    fireEvent.click(box());
    await elapse(0);
    expect(box()).toBeChecked();
    expect(screen.queryByText(validationMessages.required())).toBeNull();
    // With the field corrected, the form's message goes too: it never stands with nothing marked.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(submitButton());
    await elapse(0);
    expect(onSubmit).toHaveBeenCalledWith({ price: '80', platform: true });
  });

  it('holds a message brought by the blur too, and shows it once the click is made', async () => {
    vi.useFakeTimers();
    renderUi(<Stay onSubmit={() => {}} />);
    fireEvent.change(price(), { target: { value: 'x' } });
    fireEvent.change(price(), { target: { value: '' } });
    await pressLeaving(box());
    expect(screen.queryByText(validationMessages.required())).toBeNull();
    fireEvent.pointerUp(box());
    fireEvent.click(box());
    await elapse(0);
    expect(screen.getByText(validationMessages.required())).toBeInTheDocument();
  });

  it('a release without a click (the pointer moved away) shows the message shortly after', async () => {
    vi.useFakeTimers();
    renderUi(<Stay onSubmit={() => {}} />);
    fireEvent.change(price(), { target: { value: 'x' } });
    fireEvent.change(price(), { target: { value: '' } });
    await pressLeaving(document.body);
    fireEvent.pointerUp(document.body);
    await elapse(50);
    expect(screen.queryByText(validationMessages.required())).toBeNull();
    await elapse(1000);
    expect(screen.getByText(validationMessages.required())).toBeInTheDocument();
  });

  it('a refused form focuses its first invalid field; an error of no field is said in the form’s message', async () => {
    const onSubmit = vi.fn();
    renderUi(<Stay onSubmit={onSubmit} />);
    fireEvent.click(submitButton());
    await waitFor(() => expect(price()).toHaveFocus());
    expect(price()).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(price(), { target: { value: '0' } });
    fireEvent.click(submitButton());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Le formulaire est invalide. Un séjour gratuit n’a pas de taxe.',
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('marks an invalid box for assistive technologies (aria-invalid)', async () => {
    const form = () => {
      function Required() {
        const kit = useKitForm({ defaultValues: { ok: false } });
        return (
          <Form form={kit} onSubmit={() => {}} actions={<SubmitButton>Valider</SubmitButton>}>
            <CheckboxField name="ok" label="J’accepte" required />
          </Form>
        );
      }
      return <Required />;
    };
    renderUi(form());
    const accept = screen.getByRole('checkbox', { name: /J’accepte/ });
    expect(accept).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(accept).toHaveAttribute('aria-invalid', 'true'));
    expect(accept).toHaveAccessibleDescription(validationMessages.required());
  });
});
