import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render';
import { DeferredToastViewport } from './DeferredToastViewport';
import { toast } from './toast';

afterEach(() => act(() => notifications.clean()));

describe('DeferredToastViewport', () => {
  it('renders nothing before the first toast, then shows it and the next ones', async () => {
    const { container } = renderUi(<DeferredToastViewport />);
    expect(container.querySelector('[data-toast]')).toBeNull();
    act(() => void toast.success('Enregistré'));
    expect(await screen.findByText('Enregistré')).toBeInTheDocument();
    act(() => void toast.error('Erreur'));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText('Erreur').closest('[data-toast]')).toHaveAttribute('data-toast', 'error');
  });
});
