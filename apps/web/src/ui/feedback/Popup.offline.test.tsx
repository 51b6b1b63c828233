import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render';
import { Popup } from './Popup';
import { toast } from './toast';

// The dialog's code cannot be downloaded (offline, a new deployment removed the old chunk).
vi.mock('./PopupDialog', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('Popup, when its code cannot be downloaded', () => {
  it('says so and closes again, so that the next opening tries once more', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => '');
    const onClose = vi.fn();
    renderUi(
      <Popup opened onClose={onClose} title="Détail">
        <p>Contenu</p>
      </Popup>,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith(
      'La fenêtre n’a pas pu s’ouvrir : vérifiez votre connexion, puis réessayez.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
