import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderUi } from '../../../test/render';
import { Tabs } from './Tabs';

const items = [
  { value: 'identity', label: 'Identité', content: <p>Panneau identité</p> },
  { value: 'places', label: 'Établissements', content: <p>Panneau établissements</p> },
];

describe('Tabs', () => {
  it('shows the first tab, switches with a click or the arrow keys, and keeps the tab in the URL', async () => {
    const user = userEvent.setup();
    renderUi(<Tabs items={items} urlParam="tab" aria-label="Fiche" />);
    expect(screen.getByRole('tab', { name: 'Identité' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Panneau identité')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Établissements' }));
    expect(screen.getByText('Panneau établissements')).toBeInTheDocument();
    expect(screen.queryByText('Panneau identité')).toBeNull();
    expect(currentUrl()).toBe('/?tab=places');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Identité' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the tab named in the URL', () => {
    renderUi(<Tabs items={items} urlParam="tab" />, { url: '/?tab=places' });
    expect(screen.getByRole('tab', { name: 'Établissements' })).toHaveAttribute('aria-selected', 'true');
  });
});
