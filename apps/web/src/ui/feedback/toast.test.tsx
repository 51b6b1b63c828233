import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render';
import { ToastViewport } from './ToastViewport';
import { toast } from './toast';

const elapse = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const toastNode = (text: string) => screen.getByText(text).closest('[data-toast]') as HTMLElement;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toasts', () => {
  it.each(['info', 'success', 'warning', 'error'] as const)('%s: shown 5000 ms, then gone', (kind) => {
    renderUi(<ToastViewport />);
    act(() => void toast[kind]('Message'));
    expect(toastNode('Message')).toHaveAttribute('data-toast', kind);
    elapse(4999);
    expect(screen.getByText('Message')).toBeInTheDocument();
    // At 5000 ms it starts disappearing, which takes 300 ms.
    elapse(1);
    elapse(299);
    expect(screen.getByText('Message')).toBeInTheDocument();
    elapse(1);
    expect(screen.queryByText('Message')).toBeNull();
  });

  it('hovering pauses the timer; leaving starts 5000 ms again', () => {
    renderUi(<ToastViewport />);
    act(() => void toast.success('Enregistré'));
    elapse(4000);
    fireEvent.mouseEnter(toastNode('Enregistré'));
    elapse(20_000);
    expect(screen.getByText('Enregistré')).toBeInTheDocument();
    fireEvent.mouseLeave(toastNode('Enregistré'));
    elapse(4999);
    expect(screen.getByText('Enregistré')).toBeInTheDocument();
    elapse(1);
    elapse(300);
    expect(screen.queryByText('Enregistré')).toBeNull();
  });

  it('a click dismisses it', () => {
    renderUi(<ToastViewport />);
    act(() => void toast.error('Erreur'));
    fireEvent.click(toastNode('Erreur'));
    elapse(300);
    expect(screen.queryByText('Erreur')).toBeNull();
  });

  it('disappears in 0.3 s and has a labelled close button', () => {
    renderUi(<ToastViewport />);
    act(() => void toast.info('Info'));
    expect(toastNode('Info').style.transitionDuration).toBe('300ms, 300ms, 300ms');
    expect(screen.getByRole('button', { name: 'Fermer la notification' })).toBeInTheDocument();
  });
});
