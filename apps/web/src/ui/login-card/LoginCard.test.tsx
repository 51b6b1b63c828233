import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render';
import { LoginCard } from './LoginCard';

describe('LoginCard', () => {
  it('lays out its slots: logo, title, form, buttons, links', () => {
    renderUi(
      <LoginCard
        logo={<img src="/logo.svg" alt="Logo" />}
        title="Se connecter"
        buttons={<Button>Valider</Button>}
        links={<a href="/ask-reset-password">Mot de passe oublié</a>}
      >
        <input aria-label="Identifiant" />
      </LoginCard>,
    );
    const main = screen.getByRole('main');
    expect(main).toContainElement(screen.getByRole('img', { name: 'Logo' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeInTheDocument();
    expect(main).toContainElement(screen.getByRole('textbox', { name: 'Identifiant' }));
    expect(main).toContainElement(screen.getByRole('button', { name: 'Valider' }));
    expect(main).toContainElement(screen.getByRole('link', { name: 'Mot de passe oublié' }));
  });
});
