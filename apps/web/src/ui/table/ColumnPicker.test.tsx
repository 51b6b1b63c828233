import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render';
import { ColumnPicker } from './ColumnPicker';

const columns = [
  { id: 'phone', header: 'Téléphone' },
  { id: 'username', header: 'Identifiant' },
];

function Demo() {
  const [shown, setShown] = useState<string[]>(['phone']);
  return (
    <>
      <ColumnPicker columns={columns} shown={shown} onChange={setShown} />
      <output data-testid="shown">{shown.join(',')}</output>
    </>
  );
}

describe('ColumnPicker', () => {
  it('opens its check boxes on the first click, toggles columns, closes on a second click', async () => {
    const user = userEvent.setup();
    renderUi(<Demo />);
    const button = screen.getByRole('button', { name: 'Colonnes' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(button);
    const username = await screen.findByRole('checkbox', { name: 'Identifiant' });
    expect(screen.getByRole('checkbox', { name: 'Téléphone' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Colonnes' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(username);
    expect(screen.getByTestId('shown')).toHaveTextContent('phone,username');
    await user.click(screen.getByRole('button', { name: 'Colonnes' }));
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull());
  });

  it('opened from the keyboard, keeps the focus on its button', async () => {
    const user = userEvent.setup();
    renderUi(<Demo />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Colonnes' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('checkbox', { name: 'Identifiant' });
    expect(screen.getByRole('button', { name: 'Colonnes' })).toHaveFocus();
  });
});
