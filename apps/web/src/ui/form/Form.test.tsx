import { validationMessages } from '@sejour/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderUi } from '../../../test/render';
import { elapse } from '../../../test/timers';
import { TextField } from '../fields/TextField';
import { type ErrorDisplay, useKitForm } from './engine';
import { Form } from './Form';
import { SubmitButton } from './SubmitButton';
import { type ServerErrorReader, ServerErrorReaderContext } from './server-errors';
import { validators as v } from './validators';

/** A refusal of some HTTP client, which the kit knows only through the reader the app provides. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}
const readRefusal: ServerErrorReader = (error) =>
  error instanceof Refusal ? { message: error.message, errors: error.fieldErrors } : { message: 'autre' };

function Demo(props: {
  errorDisplay?: ErrorDisplay;
  fieldDisplay?: ErrorDisplay;
  onSubmit?: (values: { name: string; city: string }) => unknown;
  hideCity?: boolean;
  schema?: z.ZodType<{ name: string; city: string }, { name: string; city: string }>;
}) {
  const form = useKitForm({ defaultValues: { name: '', city: '' }, schema: props.schema });
  return (
    <Form
      form={form}
      onSubmit={props.onSubmit ?? (() => {})}
      errorDisplay={props.errorDisplay}
      actions={<SubmitButton>Envoyer</SubmitButton>}
    >
      <TextField
        name="name"
        label="Nom"
        required
        maxLength={5}
        validators={[v.pattern(/^[a-z]*$/)]}
        errorDisplay={props.fieldDisplay}
      />
      <TextField name="city" label="Ville" required hidden={props.hideCity} />
    </Form>
  );
}

const name = () => screen.getByRole('textbox', { name: 'Nom' });
const frame = (field: string) => document.querySelector(`[data-field="${field}"]`)!;

afterEach(() => vi.useRealTimers());

describe('form engine', () => {
  it('marks required fields with an asterisk (and aria-required)', () => {
    renderUi(<Demo />);
    expect(name()).toBeRequired();
    expect(screen.getByText('Nom').parentElement).toHaveTextContent('Nom *');
  });

  it('shows "length / max" when a maximum length is set, and the French message beyond it', async () => {
    renderUi(<Demo errorDisplay="immediate" />);
    expect(screen.getByTestId('name-counter')).toHaveTextContent('0 / 5');
    fireEvent.change(name(), { target: { value: 'abcdefg' } });
    expect(screen.getByTestId('name-counter')).toHaveTextContent('7 / 5');
    expect(
      await screen.findByText(
        'Veuillez raccourcir ce champ à 5 caractères ou moins (vous utilisez actuellement 7 caractères).',
      ),
    ).toBeInTheDocument();
  });

  it('shows only the first failing validator’s message', async () => {
    renderUi(<Demo errorDisplay="immediate" />);
    // Both too long and not matching the pattern: maxLength comes first.
    fireEvent.change(name(), { target: { value: 'ABCDEFG' } });
    expect(await screen.findByText(/Veuillez raccourcir ce champ/)).toBeInTheDocument();
    expect(screen.queryByText(validationMessages.pattern())).toBeNull();
    fireEvent.change(name(), { target: { value: 'AB' } });
    expect(await screen.findByText(validationMessages.pattern())).toBeInTheDocument();
  });

  it('debounce (the form default): the message waits 300 ms after the last change', async () => {
    vi.useFakeTimers();
    renderUi(<Demo />);
    fireEvent.change(name(), { target: { value: 'A' } });
    await elapse(200);
    fireEvent.change(name(), { target: { value: 'AB' } });
    await elapse(299);
    expect(screen.queryByText(validationMessages.pattern())).toBeNull();
    await elapse(1);
    expect(screen.getByText(validationMessages.pattern())).toBeInTheDocument();
    expect(frame('name')).toHaveAttribute('data-invalid');
    fireEvent.change(name(), { target: { value: 'ab' } });
    await elapse(300);
    expect(screen.queryByText(validationMessages.pattern())).toBeNull();
    expect(frame('name')).toHaveAttribute('data-valid');
  });

  it('debounce: leaving the field validates at once', async () => {
    vi.useFakeTimers();
    renderUi(<Demo />);
    fireEvent.change(name(), { target: { value: 'AB' } });
    fireEvent.blur(name());
    await elapse(0);
    expect(screen.getByText(validationMessages.pattern())).toBeInTheDocument();
  });

  it('immediate: the message shows at the change', async () => {
    vi.useFakeTimers();
    renderUi(<Demo fieldDisplay="immediate" />);
    fireEvent.change(name(), { target: { value: 'AB' } });
    await elapse(0);
    expect(screen.getByText(validationMessages.pattern())).toBeInTheDocument();
  });

  it('blur: nothing while typing, the message once the field is left', async () => {
    vi.useFakeTimers();
    renderUi(<Demo fieldDisplay="blur" />);
    fireEvent.change(name(), { target: { value: 'AB' } });
    await elapse(1000);
    expect(screen.queryByText(validationMessages.pattern())).toBeNull();
    fireEvent.blur(name());
    await elapse(0);
    expect(screen.getByText(validationMessages.pattern())).toBeInTheDocument();
    expect(frame('name')).toHaveAttribute('data-touched');
  });

  it('none: never a message on the field, but the form refuses and says so', async () => {
    const onSubmit = vi.fn();
    renderUi(<Demo errorDisplay="none" onSubmit={onSubmit} />);
    fireEvent.change(name(), { target: { value: 'AB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le formulaire est invalide.');
    expect(screen.queryByText(validationMessages.pattern())).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submitting shows every field’s message; hidden fields are skipped', async () => {
    const onSubmit = vi.fn();
    const { unmount } = renderUi(<Demo onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getAllByText(validationMessages.required())).toHaveLength(2));
    unmount();
    renderUi(<Demo onSubmit={onSubmit} hideCity />);
    expect(screen.queryByRole('textbox', { name: 'Ville' })).toBeNull();
    fireEvent.change(name(), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'abc', city: '' }));
  });

  it('applies the zod schema after the field validators, skipping hidden fields', async () => {
    const schema = z.object({ name: z.string(), city: z.string().min(3, { error: 'Trop court.' }) });
    const onSubmit = vi.fn();
    const { unmount } = renderUi(<Demo schema={schema} onSubmit={onSubmit} />);
    fireEvent.change(name(), { target: { value: 'abc' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Ville' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Trop court.')).toBeInTheDocument();
    unmount();
    renderUi(<Demo schema={schema} onSubmit={onSubmit} hideCity />);
    fireEvent.change(name(), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });

  it('puts server field errors on their fields, other messages above the buttons', async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new Refusal('Le formulaire est invalide.', { name: 'Ce nom est déjà pris.' }))
      .mockRejectedValueOnce(new Refusal('Identifiant ou mot de passe incorrect.'));
    renderUi(
      <ServerErrorReaderContext.Provider value={readRefusal}>
        <Demo onSubmit={onSubmit} />
      </ServerErrorReaderContext.Provider>,
    );
    await user.type(name(), 'abc');
    await user.type(screen.getByRole('textbox', { name: 'Ville' }), 'Metz');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Ce nom est déjà pris.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiant ou mot de passe incorrect.');
  });

  it('a submit right after typing keeps the server refusal, and a quick resubmit is sent', async () => {
    vi.useFakeTimers();
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(
        new Refusal('Cet identifiant est déjà utilisé.', { name: 'Cet identifiant est déjà utilisé.' }),
      )
      .mockResolvedValueOnce(undefined);
    renderUi(
      <ServerErrorReaderContext.Provider value={readRefusal}>
        <Demo onSubmit={onSubmit} />
      </ServerErrorReaderContext.Provider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Ville' }), { target: { value: 'Metz' } });
    fireEvent.change(name(), { target: { value: 'abc' } });
    fireEvent.submit(name().closest('form')!);
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // The debounced check of the typing must not erase the server's answer.
    await elapse(1000);
    expect(screen.getByText('Cet identifiant est déjà utilisé.')).toBeInTheDocument();
    fireEvent.change(name(), { target: { value: 'abcd' } });
    fireEvent.submit(name().closest('form')!);
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await elapse(1000);
    expect(screen.queryByText('Cet identifiant est déjà utilisé.')).toBeNull();
  });

  it('tracks the field states as data attributes', async () => {
    renderUi(
      <>
        <TextField name="a" label="A" disabled />
        <TextField name="b" label="B" readOnly />
      </>,
    );
    expect(frame('a')).toHaveAttribute('data-disabled');
    expect(frame('b')).toHaveAttribute('data-readonly');
    fireEvent.focus(screen.getByRole('textbox', { name: 'B' }));
    expect(frame('b')).toHaveAttribute('data-focused');
    fireEvent.blur(screen.getByRole('textbox', { name: 'B' }));
    expect(frame('b')).not.toHaveAttribute('data-focused');
    expect(frame('b')).toHaveAttribute('data-touched');
  });

  it('lets labels animate only 200 ms after the field appears', async () => {
    vi.useFakeTimers();
    renderUi(<Demo />);
    await elapse(199);
    expect(frame('name')).not.toHaveAttribute('data-animate');
    await elapse(1);
    expect(frame('name')).toHaveAttribute('data-animate');
  });
});
