import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render';
import { PasswordStrength } from './PasswordStrength';

describe('PasswordStrength', () => {
  it('shows nothing for an empty password', () => {
    renderUi(<PasswordStrength password="" />);
    expect(screen.queryByTestId('password-strength')).toBeNull();
    expect(screen.queryByText(/Robustesse|Évaluation|caractères/)).toBeNull();
  });

  it('loads the estimator, then rates a weak password and says why the policy refuses it', async () => {
    renderUi(<PasswordStrength password="azertyuiop" />);
    const meter = await screen.findByTestId('password-strength', {}, { timeout: 10_000 });
    expect(meter).toHaveAttribute('data-score', '1');
    expect(meter).toHaveTextContent('Robustesse : faible.');
    expect(meter).toHaveTextContent('Ce mot de passe serait deviné en');
    expect(meter).toHaveTextContent('Ce mot de passe fait partie des mots de passe les plus courants');
  });

  it('rates a long passphrase excellent, with a time to crack in centuries or more', async () => {
    renderUi(<PasswordStrength password="Quetsches et mirabelles de Lorraine" />);
    const meter = await screen.findByTestId('password-strength', {}, { timeout: 10_000 });
    expect(meter).toHaveAttribute('data-score', '4');
    expect(meter).toHaveTextContent('Robustesse : excellente.');
    expect(meter).not.toHaveTextContent('trop facile');
  });

  it('asks for 8 to 128 characters below the minimum', async () => {
    renderUi(<PasswordStrength password="court" />);
    expect(
      await screen.findByText('Entre 8 et 128 caractères, de toute sorte.', {}, { timeout: 10_000 }),
    ).toBeVisible();
  });
});
