import { authApi } from '@sejour/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_METHOD, LOGIN_URL } from '../api/login-request';
import { LoginForm } from './LoginForm';

function answer(body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body)));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the login form of a first visit', () => {
  it('calls the login contract’s method and path', () => {
    expect(LOGIN_METHOD).toBe(authApi.login.method);
    expect(LOGIN_URL).toBe(`/api${authApi.login.path}`);
  });

  it('asks for both fields with the domain’s message, without calling the server', async () => {
    const fetch = answer({ success: true, data: 'x' });
    render(<LoginForm onLoggedIn={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getAllByText('Veuillez compléter ce champ.')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Le formulaire est invalide.');
    expect(screen.getByRole('textbox', { name: /Identifiant ou adresse e-mail/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the trimmed username and hands the token over', async () => {
    const fetch = answer({ success: true, data: 'the-token' });
    const onLoggedIn = vi.fn();
    render(<LoginForm onLoggedIn={onLoggedIn} />);
    await userEvent.type(screen.getByLabelText(/Identifiant ou adresse e-mail/), '  claire ');
    await userEvent.type(screen.getByLabelText(/^Mot de passe/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(onLoggedIn).toHaveBeenCalledWith('the-token');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/login');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'claire', password: 'secret' });
  });

  it('shows the server’s refusal, and its field errors under their fields', async () => {
    answer({
      success: false,
      code: 'invalid_credentials',
      message: 'Identifiant ou mot de passe incorrect.',
    });
    render(<LoginForm onLoggedIn={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/Identifiant ou adresse e-mail/), 'claire');
    await userEvent.type(screen.getByLabelText(/^Mot de passe/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiant ou mot de passe incorrect.');

    vi.restoreAllMocks();
    answer({
      success: false,
      code: 'validation_error',
      message: 'Le formulaire est invalide.',
      errors: { username: 'Le champ contient un caractère non autorisé.' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Le champ contient un caractère non autorisé.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows and hides the password', async () => {
    render(<LoginForm onLoggedIn={() => undefined} />);
    const password = screen.getByLabelText(/^Mot de passe/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Masquer le mot de passe' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
