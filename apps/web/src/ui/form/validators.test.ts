import { describe, expect, it } from 'vitest';
import { firstError, formMessages, isEmpty, validators as v } from './validators';

const run = (validator: ReturnType<typeof v.required>, value: unknown) => validator.check(value, {});

describe('validators: the French messages, word for word', () => {
  it('required fails on empty values and accepts the number 0', () => {
    const required = v.required();
    for (const empty of [undefined, null, '', '   ', [], false]) {
      expect(run(required, empty)).toBe('Veuillez compléter ce champ.');
    }
    expect(run(required, 0)).toBeNull();
    expect(run(required, 'a')).toBeNull();
    expect(run(required, ['x'])).toBeNull();
    expect(isEmpty(0)).toBe(false);
  });

  it('pattern', () => {
    expect(run(v.pattern(/^\d+$/), '12a')).toBe(
      'Veuillez modifier la valeur pour correspondre au format demandé.',
    );
    expect(run(v.pattern(/^\d+$/), '12')).toBeNull();
    expect(run(v.pattern(/^\d+$/), '')).toBeNull();
    // A global expression keeps no state between calls.
    const global = v.pattern(/^a/g);
    expect(run(global, 'a')).toBeNull();
    expect(run(global, 'a')).toBeNull();
  });

  it('min and max', () => {
    expect(run(v.min(3), 2)).toBe('Veuillez sélectionner une valeur supérieure ou égale à 3.');
    expect(run(v.min(3), 3)).toBeNull();
    expect(run(v.max(10), 10.5)).toBe('Veuillez sélectionner une valeur inférieure ou égale à 10.');
    expect(run(v.max(10), '9,5')).toBeNull();
    expect(run(v.min(3), null)).toBeNull();
  });

  it('minimum and maximum length, with the current count', () => {
    expect(run(v.minLength(8), 'abc')).toBe(
      'Veuillez utiliser au moins 8 caractères pour ce champ (vous utilisez actuellement 3 caractères).',
    );
    expect(run(v.maxLength(5), 'abcdefg')).toBe(
      'Veuillez raccourcir ce champ à 5 caractères ou moins (vous utilisez actuellement 7 caractères).',
    );
    expect(run(v.minLength(8), '')).toBeNull();
    expect(run(v.maxLength(5), 'abcde')).toBeNull();
  });

  it('custom, with its default message or another', () => {
    expect(
      run(
        v.custom<string>((s) => s === 'ok'),
        'ko',
      ),
    ).toBe('Le champ est invalide.');
    expect(
      run(
        v.custom<string>((s) => s === 'ok', 'Autre.'),
        'ko',
      ),
    ).toBe('Autre.');
    expect(
      run(
        v.custom<string>((s) => s === 'ok'),
        'ok',
      ),
    ).toBeNull();
  });

  it('custom sees the whole form', () => {
    const same = v.custom<string>((value, values) => value === values.password, 'Différents.');
    expect(same.check('a', { password: 'b' })).toBe('Différents.');
    expect(same.check('b', { password: 'b' })).toBeNull();
  });

  it('number', () => {
    expect(run(v.number(), Number.NaN)).toBe('Veuillez choisir une valeur numérique valide.');
    expect(run(v.number(), 'douze')).toBe('Veuillez choisir une valeur numérique valide.');
    expect(run(v.number(), 0)).toBeNull();
    expect(run(v.number(), '12,5')).toBeNull();
  });

  it('e-mail', () => {
    expect(run(v.email(), 'claire@')).toBe('Veuillez saisir une adresse e-mail valide.');
    expect(run(v.email(), 'claire@example.fr')).toBeNull();
  });

  it('the catalogue’s "invalid form" and "invalid password"', () => {
    expect(formMessages.invalidForm).toBe('Le formulaire est invalide.');
    expect(formMessages.invalidPassword).toBe('Le mot de passe est invalide.');
  });

  it('firstError returns the first failing validator’s message only', () => {
    const list = [v.required(), v.minLength(3), v.pattern(/^\d+$/)];
    expect(firstError(list, '', {})).toBe('Veuillez compléter ce champ.');
    expect(firstError(list, 'ab', {})).toMatch(/^Veuillez utiliser au moins 3/);
    expect(firstError(list, 'abc', {})).toBe(
      'Veuillez modifier la valeur pour correspondre au format demandé.',
    );
    expect(firstError(list, '123', {})).toBeNull();
  });
});
