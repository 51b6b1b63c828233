import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render';
import { CheckboxesField } from './CheckboxesField';
import { CheckboxField } from './CheckboxField';
import { DateField } from './DateField';
import { FileField } from './FileField';
import { NumberField } from './NumberField';
import { PasswordField } from './PasswordField';
import { PhoneField } from './PhoneField';
import { RadioField } from './RadioField';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

describe('NumberField', () => {
  it('filters typed text and gives a number', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderUi(<NumberField name="n" label="Nuitées" value={null} onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Nuitées' });
    await user.type(input, '-1a2,5€');
    expect(input).toHaveValue('-12.5');
    expect(onValueChange).toHaveBeenLastCalledWith(-12.5);
  });

  it('drops the sign when told, and never rounds a decimal typed where a whole number is asked', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderUi(
      <NumberField
        name="n"
        label="Nuitées"
        allowNegative={false}
        allowDecimal={false}
        value={null}
        onValueChange={onValueChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Nuitées' });
    await user.type(input, '-12,6');
    expect(onValueChange).toHaveBeenLastCalledWith(12.6);
    await user.tab();
    expect(input).toHaveValue('12.6');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Veuillez saisir un nombre entier.'));
  });

  it('says when the text is not a number, and checks min and max', async () => {
    renderUi(<NumberField name="n" label="Nuitées" min={1} max={10} value={null} />);
    const input = screen.getByRole('textbox', { name: 'Nuitées' });
    fireEvent.change(input, { target: { value: '-' } });
    expect(await screen.findByText('Veuillez choisir une valeur numérique valide.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '0' } });
    expect(
      await screen.findByText('Veuillez sélectionner une valeur supérieure ou égale à 1.'),
    ).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '11' } });
    expect(
      await screen.findByText('Veuillez sélectionner une valeur inférieure ou égale à 10.'),
    ).toBeInTheDocument();
  });
});

describe('TextField with a mask', () => {
  it('fits typed text to the mask, and keeps or strips it in the value', async () => {
    const user = userEvent.setup();
    const stripped = vi.fn();
    const kept = vi.fn();
    renderUi(
      <>
        <TextField name="a" label="Stripped" mask="99 99" value="" onValueChange={stripped} />
        <TextField name="b" label="Kept" mask="99 99" keepMask value="" onValueChange={kept} />
      </>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Stripped' }), '12x34');
    expect(screen.getByRole('textbox', { name: 'Stripped' })).toHaveValue('12 34');
    expect(stripped).toHaveBeenLastCalledWith('1234');
    await user.type(screen.getByRole('textbox', { name: 'Kept' }), '1234');
    expect(kept).toHaveBeenLastCalledWith('12 34');
  });

  it('refuses an unfinished mask with the pattern message', async () => {
    renderUi(<TextField name="cp" label="CP" mask="99999" value="" />);
    fireEvent.change(screen.getByRole('textbox', { name: 'CP' }), { target: { value: '570' } });
    expect(
      await screen.findByText('Veuillez modifier la valeur pour correspondre au format demandé.'),
    ).toBeInTheDocument();
  });
});

describe('SelectField', () => {
  const cities = ['Metz', 'Épinal', 'Nancy', 'Thionville', 'Verdun', 'Toul', 'Lunéville'];

  it('says "Loading ..." while there are no suggestions', async () => {
    const user = userEvent.setup();
    renderUi(<SelectField name="s" label="Ville" suggestions={[]} value={null} />);
    await user.click(screen.getByRole('textbox', { name: 'Ville' }));
    expect(await screen.findByText('Loading ...')).toBeInTheDocument();
  });

  it('lists suggestions (5 of 36 px visible), filters as one types, and picks one', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderUi(
      <SelectField
        name="s"
        label="Type"
        suggestions={[
          { value: 'HOTEL_1', text: 'Hôtel 1 étoile' },
          { value: 'HOTEL_2', text: 'Hôtel 2 étoiles' },
          ...cities,
        ]}
        value={null}
        onValueChange={onValueChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Type' });
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(9);
    expect(listbox).toHaveStyle({ maxHeight: 'calc(11.25rem * var(--mantine-scale))' });
    expect(within(listbox).getAllByRole('option')[0]).toHaveStyle({
      height: 'calc(2.25rem * var(--mantine-scale))',
    });
    await user.type(input, 'hotel 2');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await user.click(screen.getByRole('option', { name: 'Hôtel 2 étoiles' }));
    expect(onValueChange).toHaveBeenLastCalledWith('HOTEL_2');
    expect(input).toHaveValue('Hôtel 2 étoiles');
  });

  it('without the free-value option, text matching no suggestion empties the value', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderUi(
      <SelectField name="s" label="Ville" suggestions={cities} value="Metz" onValueChange={onValueChange} />,
    );
    const input = screen.getByRole('textbox', { name: 'Ville' });
    expect(input).toHaveValue('Metz');
    await user.clear(input);
    await user.type(input, 'Paris');
    await user.tab();
    expect(input).toHaveValue('');
    expect(onValueChange).toHaveBeenLastCalledWith(null);
    await user.type(input, 'epinal');
    await user.tab();
    expect(input).toHaveValue('Épinal');
    expect(onValueChange).toHaveBeenLastCalledWith('Épinal');
  });

  it('with the free-value option, typed text is the value', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderUi(
      <SelectField
        name="s"
        label="Ville"
        suggestions={cities}
        freeValue
        value={null}
        onValueChange={onValueChange}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Ville' }), 'Paris');
    await user.tab();
    expect(onValueChange).toHaveBeenLastCalledWith('Paris');
    expect(screen.getByRole('textbox', { name: 'Ville' })).toHaveValue('Paris');
  });

  it('opens above when there is no room below', async () => {
    const user = userEvent.setup();
    renderUi(<SelectField name="s" label="Ville" suggestions={cities} value={null} />);
    const input = screen.getByRole('textbox', { name: 'Ville' });
    vi.spyOn(input.parentElement as HTMLElement, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: window.innerHeight - 40, width: 200, height: 36 }),
    );
    vi.spyOn(input, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: window.innerHeight - 40, width: 200, height: 36 }),
    );
    await user.click(input);
    await waitFor(() => expect(document.querySelector('[data-side]')).toHaveAttribute('data-side', 'top'));
  });
});

describe('PhoneField', () => {
  it('defaults to France, gives the international number, and checks validity', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    const onPhoneChange = vi.fn();
    renderUi(
      <PhoneField
        name="p"
        label="Téléphone"
        value=""
        onValueChange={onValueChange}
        onPhoneChange={onPhoneChange}
      />,
    );
    expect(screen.getByRole('button', { name: 'Pays : France (+33)' })).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Téléphone' });
    expect(input).toHaveAttribute('type', 'text');
    await user.type(input, '06 12');
    expect(await screen.findByText('Le numéro de téléphone est invalide.')).toBeInTheDocument();
    await user.type(input, ' 34 56 78');
    await waitFor(() => expect(screen.queryByText('Le numéro de téléphone est invalide.')).toBeNull());
    expect(onValueChange).toHaveBeenLastCalledWith('+33 6 12 34 56 78');
    expect(onPhoneChange).toHaveBeenLastCalledWith({
      international: '+33 6 12 34 56 78',
      national: '06 12 34 56 78',
      countryCode: 'FR',
      mask: '99 99 99 99 99',
    });
  });

  // Some thirty keystrokes and clicks: on a busy two-core machine they take more than the default 5 s.
  it('picks another country from a list searched with "Rechercher"', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderUi(<PhoneField name="p" label="Téléphone" value="" onValueChange={onValueChange} />);
    await user.click(screen.getByRole('button', { name: 'Pays : France (+33)' }));
    // The list's code arrives on demand; its search box then takes the focus.
    const search = await screen.findByPlaceholderText('Rechercher');
    await waitFor(() => expect(search).toHaveFocus());
    await user.type(search, 'belg');
    await user.click(await screen.findByRole('option', { name: /Belgique/ }));
    const button = screen.getByRole('button', { name: 'Pays : Belgique (+32)' });
    await waitFor(() => expect(button).toHaveFocus());

    // From the keyboard: the list opens again on an empty search, Enter picks the selected country.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByPlaceholderText('Rechercher')).toHaveFocus());
    expect(screen.getByPlaceholderText('Rechercher')).toHaveValue('');
    await user.keyboard('luxem');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('button', { name: 'Pays : Luxembourg (+352)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pays : Luxembourg (+352)' }));
    await user.click(await screen.findByRole('option', { name: /Belgique/ }));
    await user.type(screen.getByRole('textbox', { name: 'Téléphone' }), '0470 12 34 56');
    expect(onValueChange).toHaveBeenLastCalledWith('+32 470 12 34 56');
  });

  it('shows a stored international number in national form, with its country', async () => {
    renderUi(<PhoneField name="p" label="Téléphone" value="+32470123456" />);
    // Once the phone library has arrived (at once, for a number to show: PhoneField.test.tsx).
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Téléphone' })).toHaveValue('0470 12 34 56'),
    );
    expect(screen.getByRole('button', { name: 'Pays : Belgique (+32)' })).toBeInTheDocument();
  });
});

describe('PasswordField', () => {
  it('shows and hides the password, and renders its meter slot', async () => {
    const user = userEvent.setup();
    renderUi(
      <PasswordField
        name="pw"
        label="Mot de passe"
        value=""
        meter={(pw) => <p>Longueur {pw.length}</p>}
        maxLength={20}
      />,
    );
    const input = screen.getByLabelText('Mot de passe', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await user.type(input, 'secret');
    expect(screen.getByText('Longueur 6')).toBeInTheDocument();
    expect(screen.getByTestId('pw-counter')).toHaveTextContent('6 / 20');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('check boxes and radios', () => {
  it('CHECKBOX: a required box must be ticked', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderUi(
      <CheckboxField name="c" label="J’accepte" required value={false} onValueChange={onValueChange} />,
    );
    const box = screen.getByRole('checkbox', { name: /J’accepte/ });
    await user.click(box);
    expect(onValueChange).toHaveBeenLastCalledWith(true);
    await user.click(box);
    expect(await screen.findByText('Veuillez compléter ce champ.')).toBeInTheDocument();
  });

  it('CHECKBOXES gives the ticked values; RADIO the chosen one', async () => {
    const user = userEvent.setup();
    const boxes = vi.fn();
    const radio = vi.fn();
    renderUi(
      <>
        <CheckboxesField
          name="m"
          label="Mois"
          options={[{ value: '1', text: 'Janvier' }, 'Février']}
          value={[]}
          onValueChange={boxes}
        />
        <RadioField
          name="s"
          label="Semestre"
          options={[
            { value: '1', text: 'Premier' },
            { value: '2', text: 'Second' },
          ]}
          value={null}
          onValueChange={radio}
        />
      </>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Janvier' }));
    await user.click(screen.getByRole('checkbox', { name: 'Février' }));
    expect(boxes).toHaveBeenLastCalledWith(['1', 'Février']);
    await user.click(screen.getByRole('radio', { name: 'Second' }));
    expect(radio).toHaveBeenLastCalledWith('2');
  });
});

describe('FileField', () => {
  it('gives the file and its base64 data URL, within size and type limits', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onValueChange = vi.fn();
    const { container } = renderUi(
      <FileField
        name="f"
        label="Image"
        accept={['image/png']}
        maxSize={10}
        value={null}
        onValueChange={onValueChange}
      />,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['hello'], 'a.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(onValueChange).toHaveBeenLastCalledWith({
        file: expect.any(File),
        content: 'data:image/png;base64,aGVsbG8=',
      }),
    );
    await user.upload(input, new File(['far too large'], 'b.png', { type: 'image/png' }));
    expect(await screen.findByText('Le fichier est trop volumineux.')).toBeInTheDocument();
    await user.upload(input, new File(['x'], 'c.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Ce type de fichier n’est pas accepté.')).toBeInTheDocument();
  });
});

describe('DateField', () => {
  it('reads a French date typed in and gives it as yyyy-mm-dd', async () => {
    const onValueChange = vi.fn();
    renderUi(<DateField name="d" label="Début" value={null} onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Début' });
    expect(input).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    fireEvent.change(input, { target: { value: '31/01/2026' } });
    await act(async () => {});
    expect(onValueChange).toHaveBeenLastCalledWith('2026-01-31');
    fireEvent.blur(input);
    expect(input).toHaveValue('31/01/2026');
  });

  it('names its clear button, and has none when read-only or empty', () => {
    const { unmount } = renderUi(<DateField name="d" label="Début" value="2026-01-31" />);
    expect(screen.getByRole('button', { name: 'Effacer la date' })).toBeInTheDocument();
    unmount();
    const readOnly = renderUi(<DateField name="d" label="Début" value="2026-01-31" readOnly />);
    expect(screen.queryByRole('button', { name: 'Effacer la date' })).toBeNull();
    readOnly.unmount();
    const blank = renderUi(<DateField name="d" label="Début" value={'' as unknown as null} />);
    expect(screen.queryByRole('button', { name: 'Effacer la date' })).toBeNull();
    blank.unmount();
    renderUi(<DateField name="d" label="Début" value={null} />);
    expect(screen.queryByRole('button', { name: 'Effacer la date' })).toBeNull();
  });

  it('brings its calendar when focused, keeps the same input, and takes a picked day', {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderUi(<DateField name="d" label="Début" value="2026-01-15" onValueChange={onValueChange} />);
    const input = screen.getByRole('textbox', { name: 'Début' });
    await user.click(input);
    await user.type(input, '{Backspace}');
    // The calendar arrives while the person types; the input is not replaced, and a half-typed date changes nothing.
    // The first import of Mantine Dates by the test runner may take a while on a busy machine.
    const day = await screen.findByRole('button', { name: '20 janvier 2026' }, { timeout: 10_000 });
    expect(screen.getByRole('textbox', { name: 'Début' })).toBe(input);
    expect(input).toHaveValue('15/01/202');
    expect(onValueChange).not.toHaveBeenCalled();
    await user.click(day);
    expect(onValueChange).toHaveBeenLastCalledWith('2026-01-20');
    expect(input).toHaveValue('20/01/2026');
    expect(input).toHaveFocus();
  });
});
