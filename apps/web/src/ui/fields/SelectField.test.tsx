import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render';
import { SelectField } from './SelectField';

const cities = ['Metz', 'Épinal', 'Nancy', 'Thionville', 'Verdun', 'Toul', 'Lunéville'];

describe('SelectField, its list loaded on demand', () => {
  it('keeps the typed text and the focus, opens the list filtered, and answers the keys', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    renderUi(
      <SelectField name="s" label="Ville" suggestions={cities} value={null} onValueChange={onValueChange} />,
    );
    const input = screen.getByRole('textbox', { name: 'Ville' });
    // Typed at once: the first opening imports the list's code meanwhile.
    await user.type(input, 'nan');
    expect(input).toHaveValue('nan');
    expect(input).toHaveFocus();
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nancy']);
    expect(screen.getByRole('textbox', { name: 'Ville' })).toBe(input);
    expect(input).toHaveFocus();
    await user.type(input, 'c');
    expect(input).toHaveValue('nanc');

    // The keyboard, as Mantine's combobox target: an arrow selects, Enter picks, the input points at the list.
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option').id),
    );
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    await user.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenLastCalledWith('Nancy');
    expect(input).toHaveValue('Nancy');
    expect(input).not.toHaveAttribute('aria-controls');
    expect(input).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(await screen.findAllByRole('option')).toHaveLength(cities.length);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });

  it('tells its caller once the pointer or the focus reaches it, before any opening', async () => {
    const user = userEvent.setup();
    const onReached = vi.fn();
    renderUi(
      <SelectField
        name="s"
        label="Ville"
        suggestions={[]}
        value={null}
        onValueChange={() => {}}
        onSearchChange={() => {}}
        onReached={onReached}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Ville' });
    expect(onReached).not.toHaveBeenCalled();
    await user.hover(input);
    expect(onReached).toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
