import { Button } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render';
import { Countdown, formatRemaining } from './Countdown';
import { confirmDelete } from './confirmDelete';
import { Popup } from './Popup';

function PopupDemo() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Ouvrir</Button>
      <Popup
        opened={opened}
        onClose={() => setOpened(false)}
        title="Détail"
        actions={<Button onClick={() => setOpened(false)}>OK</Button>}
      >
        <input aria-label="Champ" />
      </Popup>
    </>
  );
}

describe('Popup', () => {
  it('is a dialog that keeps the focus inside, closes with Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    renderUi(<PopupDemo />);
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détail' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ouvrir' })).toHaveFocus());
  });
});

describe('confirmDelete', () => {
  it('asks the spec’s question and resolves true on "Supprimer"', async () => {
    const user = userEvent.setup();
    renderUi(<span />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDelete();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer la suppression' });
    expect(dialog).toHaveTextContent('Êtes-vous sûr de vouloir supprimer cet élément ?');
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on "Annuler" and on Escape', async () => {
    const user = userEvent.setup();
    renderUi(<span />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDelete();
    });
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    await expect(answer).resolves.toBe(false);
    act(() => {
      answer = confirmDelete();
    });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });
});

describe('Countdown', () => {
  afterEach(() => vi.useRealTimers());

  it('formats the time left', () => {
    expect(formatRemaining(65_000)).toBe('00:01:05');
    expect(formatRemaining(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5000)).toBe('2 j 03:04:05');
    expect(formatRemaining(-1)).toBe('00:00:00');
  });

  it('counts down each second, then says "Expiré"', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const onExpire = vi.fn();
    renderUi(<Countdown to={new Date('2026-01-01T00:00:03Z')} onExpire={onExpire} />);
    const timer = screen.getByRole('timer', { name: 'Temps restant' });
    expect(timer).toHaveTextContent('00:00:03');
    act(() => void vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('00:00:02');
    act(() => void vi.advanceTimersByTime(2000));
    expect(timer).toHaveTextContent('Expiré');
    expect(onExpire).toHaveBeenCalledOnce();
  });
});
