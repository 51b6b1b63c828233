import type { Declaration } from '@sejour/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { DeclarationActions } from './DeclarationActions';

const session = vi.hoisted(() => ({ role: 'provider' }));
vi.mock('../session/useSession', () => ({ useSession: () => ({ user: { role: session.role } }) }));

const draft = { id: 5, establishmentId: 7, done: false, totalAmount: 1650 } as Declaration;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a declaration’s actions', () => {
  it('marks a draft done once its question is confirmed', async () => {
    session.role = 'provider';
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return new Response(JSON.stringify({ success: true, data: { ...draft, done: true } }), { status: 200 });
    });
    renderUi(
      <DeclarationActions
        declaration={draft}
        canSave={false}
        doneQuestion="Marquer comme terminée la déclaration de mars 2026 pour un montant de 16,50 € ?"
        draftActions={<button type="button">Rien à déclarer</button>}
      />,
    );
    expect(screen.getByRole('button', { name: 'Rien à déclarer' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Supprimer le brouillon' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Rouvrir' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Marquer comme terminée' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('pour un montant de 16,50 € ? Une fois terminée');
    const buttons = dialog.querySelectorAll('button');
    await user.click([...buttons].find((b) => b.textContent === 'Marquer comme terminée') as HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.includes('/declarations/5/done'))).toBe(true));
  }, 20_000);

  it('offers a done declaration’s reopening to an admin only', () => {
    session.role = 'admin';
    const done = { ...draft, done: true };
    const { unmount } = renderUi(<DeclarationActions declaration={done} canSave={false} doneQuestion="" />);
    expect(screen.getByRole('button', { name: 'Rouvrir' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Marquer comme terminée' })).toBeNull();
    unmount();
    session.role = 'provider';
    renderUi(<DeclarationActions declaration={done} canSave={false} doneQuestion="" />);
    expect(screen.queryByRole('button')).toBeNull();
  }, 20_000);
});
