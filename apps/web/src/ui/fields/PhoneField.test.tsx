import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderUi } from '../../../test/render';

// The phone library on demand, with the real library: each test imports the kit afresh (vi.resetModules), so
// that it starts as a browser's first visit does, the library not downloaded yet.

const INVALID = 'Le numéro de téléphone est invalide.';

async function freshKit() {
  vi.resetModules();
  // The downloads the kit asks for, recorded when asked (not when they arrive), by what they import.
  const asked: string[] = [];
  vi.doMock('../on-demand', async (importOriginal) => {
    const real = await importOriginal<typeof import('../on-demand')>();
    const onDemand = <T,>(importer: () => Promise<T>) =>
      real.onDemand(() => {
        asked.push(String(importer));
        return importer();
      });
    return { ...real, onDemand };
  });
  /** Whether the phone library has been asked for. */
  const phoneAsked = () => asked.some((importer) => /\/phone(\.ts)?['"]/.test(importer));
  const [field, loader, engine, form, submit, domain, format] = await Promise.all([
    import('./PhoneField'),
    import('./phone-loader'),
    import('../form/engine'),
    import('../form/Form'),
    import('../form/SubmitButton'),
    import('@sejour/domain'),
    import('./usePhoneFormat'),
  ]);
  const { PhoneField } = field;
  const { Form } = form;
  const { SubmitButton } = submit;
  /** A form whose schema is the domain's phone rule, as the public form's and the providers' are. */
  function PhoneForm(props: { onSubmit: (values: { phone: string }) => unknown }) {
    const kitForm = engine.useKitForm<{ phone: string }>({
      defaultValues: { phone: '' },
      schema: z.object({ phone: domain.phoneField }),
    });
    return (
      <Form form={kitForm} onSubmit={props.onSubmit} actions={<SubmitButton>Envoyer</SubmitButton>}>
        <PhoneField name="phone" label="Téléphone" />
      </Form>
    );
  }
  return { PhoneField, PhoneForm, loader, domain, usePhoneFormat: format.usePhoneFormat, phoneAsked };
}

let kit: Awaited<ReturnType<typeof freshKit>>;
beforeEach(async () => {
  kit = await freshKit();
}, 20_000);

const input = () => screen.getByRole('textbox', { name: 'Téléphone' });

// Generous timeouts: each test imports the kit afresh, and the country list draws 245 options.
describe('PhoneField, its library on demand', { timeout: 20_000 }, () => {
  it('shows France (+33) and downloads nothing until the field is about to be used', async () => {
    const { PhoneField, loader, domain, phoneAsked } = kit;
    renderUi(<PhoneField name="p" label="Téléphone" value="" />);
    expect(screen.getByRole('button', { name: 'Pays : France (+33)' })).toBeInTheDocument();
    // Rendered, its effects run: a download the field starts by itself would have been asked for by now.
    expect(phoneAsked()).toBe(false);
    expect(loader.loadedPhone()).toBeUndefined();
    // The domain's rule checks with the field's library (phone-rule-library.ts): never without it.
    expect(() => domain.isValidPhone('+33 6 12 34 56 78')).toThrow();
    fireEvent.focus(input());
    expect(phoneAsked()).toBe(true);
    // The first import of the library in this run: seconds on a loaded machine.
    await waitFor(() => expect(loader.loadedPhone()).toBeDefined(), { timeout: 5000 });
    expect(domain.isValidPhone('+33 6 12 34 56 78')).toBe(true);
    expect(domain.isValidPhone('+33 6 12')).toBe(false);
  });

  it('takes typing before the library arrives, shows no error meanwhile, then checks as before', async () => {
    const { PhoneField, loader } = kit;
    const onValueChange = vi.fn();
    renderUi(<PhoneField name="p" label="Téléphone" value="" onValueChange={onValueChange} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '06 12' } });
    expect(loader.loadedPhone()).toBeUndefined();
    expect(input()).toHaveValue('06 12');
    expect(screen.queryByText(INVALID)).toBeNull();
    // The field validates at each change: its check waited for the library, and refuses the number.
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(loader.loadedPhone()).toBeDefined();
    expect(onValueChange).toHaveBeenLastCalledWith('+33 612');
    fireEvent.change(input(), { target: { value: '06 12 34 56 78' } });
    await waitFor(() => expect(screen.queryByText(INVALID)).toBeNull());
    expect(onValueChange).toHaveBeenLastCalledWith('+33 6 12 34 56 78');
  });

  it('a form sent before the library arrives waits for it, then sends the international number', async () => {
    const { PhoneForm, loader } = kit;
    const onSubmit = vi.fn();
    renderUi(<PhoneForm onSubmit={onSubmit} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '06 12 34 56 78' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(loader.loadedPhone()).toBeUndefined();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ phone: '+33 6 12 34 56 78' });
    expect(screen.queryByText(INVALID)).toBeNull();
  });

  it('a form sent before the library arrives refuses an invalid number once it has arrived', async () => {
    const { PhoneForm } = kit;
    const onSubmit = vi.fn();
    renderUi(<PhoneForm onSubmit={onSubmit} />);
    fireEvent.change(input(), { target: { value: '06 12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(screen.getByText('Le formulaire est invalide.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a number from outside shows as written at once, then in national form with its country', async () => {
    const { PhoneField } = kit;
    renderUi(<PhoneField name="p" label="Téléphone" value="+32470123456" />);
    expect(input()).toHaveValue('+32470123456');
    await waitFor(() => expect(input()).toHaveValue('0470 12 34 56'));
    expect(screen.getByRole('button', { name: 'Pays : Belgique (+32)' })).toBeInTheDocument();
  });

  it('a country list opened before the library arrives fills in when it does', async () => {
    const { PhoneField } = kit;
    renderUi(<PhoneField name="p" label="Téléphone" value="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Pays : France (+33)' }));
    // Queried without roles: 245 options' accessible names are slow to compute in jsdom.
    await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBeGreaterThan(200));
    expect(document.querySelector('[role="option"][aria-selected="true"]')).toHaveTextContent('France');
    fireEvent.change(screen.getByPlaceholderText('Rechercher'), { target: { value: 'belg' } });
    fireEvent.click(await screen.findByRole('option', { name: /Belgique/ }));
    expect(await screen.findByRole('button', { name: 'Pays : Belgique (+32)' })).toBeInTheDocument();
  });
});

describe('phoneFieldValidator', { timeout: 20_000 }, () => {
  it('has nothing to say before the library arrives, then answers as phoneValidator does', async () => {
    const { loader } = kit;
    const inputs = [
      '06 12',
      '06 12 34 56 78',
      '+32 470 12 34 56',
      '+999 123',
      'abc',
      '',
      '0612345678901234567890',
    ];
    const validator = loader.phoneFieldValidator(() => 'FR');
    expect(inputs.map((value) => validator.check(value, {}))).toEqual(inputs.map(() => null));
    const phone = await loader.loadPhone();
    const before = phone.phoneValidator(() => 'FR');
    expect(inputs.map((value) => validator.check(value, {}))).toEqual(
      inputs.map((value) => before.check(value, {})),
    );
    expect(validator.check('06 12', {})).toBe(INVALID);
    expect(validator.check('06 12 34 56 78', {})).toBeNull();
  });
});

describe('usePhoneFormat', { timeout: 20_000 }, () => {
  it('shows numbers as stored until a number is to be shown, then formats them', async () => {
    const { usePhoneFormat, loader } = kit;
    const { result, rerender } = renderHook((needed: boolean) => usePhoneFormat(needed), {
      initialProps: false,
    });
    expect(result.current('+33612345678')).toBe('+33612345678');
    expect(result.current(null)).toBe('');
    rerender(true);
    await waitFor(() => expect(result.current('+33612345678')).toBe('+33 6 12 34 56 78'));
    expect(result.current('n/a')).toBe('n/a');
    // The list's parser alone, not the phone field's library.
    expect(loader.loadedPhone()).toBeUndefined();
  });
});
