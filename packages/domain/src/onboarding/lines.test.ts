import { describe, expect, it } from 'vitest';
import {
  ESTABLISHMENT_COLUMNS,
  guessOnboardingMapping,
  missingOnboardingColumns,
  ONBOARDING_COLUMN_LABELS,
  ONBOARDING_COLUMNS,
} from './columns';
import { cellsOfRow, type OnboardingCells, parseOnboardingLine } from './lines';
import { establishmentKey } from './matching';
import { ONBOARDING_TEMPLATE_EXAMPLES } from './template';
import { normalisePhone, parseNature, parseStars } from './values';

const provider: OnboardingCells = {
  siret: '732 829 320 00074',
  lastname: 'Martin',
  firstname: 'Claire',
  email: 'claire.martin@exemple.fr',
};
const establishment: OnboardingCells = {
  name: 'Gîte des Tilleuls',
  numero: '57463 000123 ab',
  address: '3 rue des Tilleuls',
  cp: '57000',
  city: 'Metz',
  nature: 'meublé de tourisme',
  stars: '3 étoiles',
  openingDate: '01/06/2025',
  capacityMaxPerson: '6',
};

describe('column mapping', () => {
  it('recognises the template’s own headers, each on its column', () => {
    const headers = ONBOARDING_COLUMNS.map((c) => ONBOARDING_COLUMN_LABELS[c]);
    const mapping = guessOnboardingMapping(headers);
    expect(ONBOARDING_COLUMNS.map((column) => mapping[column])).toEqual(ONBOARDING_COLUMNS.map((_, i) => i));
  });

  it('recognises usual names, and the provider’s address is not taken for the establishment’s', () => {
    const mapping = guessOnboardingMapping([
      'Courriel',
      'NOM',
      'Prénom',
      'Adresse',
      'Adresse de l’hébergeur',
      'CP',
    ]);
    expect(mapping).toMatchObject({
      email: 0,
      lastname: 1,
      firstname: 2,
      address: 3,
      providerAddress: 4,
      cp: 5,
    });
    expect(missingOnboardingColumns(mapping)).toEqual([]);
    expect(missingOnboardingColumns(guessOnboardingMapping(['Nom']))).toEqual(['email', 'firstname']);
  });

  it('sends a line’s mapped cells as text: dates as yyyy-mm-dd, empty cells left out', () => {
    const mapping = guessOnboardingMapping(['E-mail', 'Date d’ouverture', 'Capacité en personnes', 'Nom']);
    expect(cellsOfRow(['a@b.fr', new Date(Date.UTC(2025, 5, 1)), 4, ''], mapping)).toEqual({
      email: 'a@b.fr',
      openingDate: '2025-06-01',
      capacityMaxPerson: '4',
    });
  });
});

describe('a line read', () => {
  it('gives the provider (username = e-mail, SIRET as digits, phone international) and the establishment', () => {
    const read = parseOnboardingLine({
      line: 2,
      cells: { ...provider, phone: '06 12 34 56 78', ...establishment },
    });
    expect(read).toEqual({
      line: 2,
      ok: true,
      provider: {
        username: 'claire.martin@exemple.fr',
        email: 'claire.martin@exemple.fr',
        firstname: 'Claire',
        lastname: 'Martin',
        company: null,
        phone: '+33612345678',
        address: null,
        city: null,
        cp: null,
        siret: '73282932000074',
      },
      establishment: expect.objectContaining({
        name: 'Gîte des Tilleuls',
        numero: '57463000123AB',
        nature: 'FURNISHED_LET',
        stars: 3,
        openingDate: '2025-06-01',
        capacityMaxPerson: 6,
        capacityMaxRoom: null,
      }),
    });
  });

  it('is a provider alone when every establishment column is empty', () => {
    const read = parseOnboardingLine({ line: 5, cells: provider });
    expect(read.ok && read.establishment).toBeNull();
  });

  it('refuses with every reason, each naming its column, in the forms’ words', () => {
    const read = parseOnboardingLine({
      line: 1234,
      cells: {
        siret: '73282932000075',
        lastname: 'Martin',
        email: 'pas-une-adresse',
        providerCp: '570',
        name: 'Gîte',
        numero: '123',
        nature: 'igloo',
        openingDate: '31/02/2025',
      },
    });
    expect(read).toEqual({
      line: 1234,
      ok: false,
      errors: [
        'SIRET : Ce numéro SIRET n’est pas valide : vérifiez ses chiffres.',
        'E-mail : Veuillez saisir une adresse e-mail valide.',
        'Prénom : Veuillez compléter ce champ.',
        'Code postal de l’hébergeur : Le code postal doit comporter 5 chiffres.',
        'Nature : « igloo » n’est pas une nature d’hébergement connue (hôtel, meublé de tourisme…).',
        'Date d’ouverture : « 31/02/2025 » n’est pas une date (jj/mm/aaaa).',
        'N° d’enregistrement : Le numéro d’enregistrement comporte 13 caractères (vous en utilisez actuellement 3).',
      ],
    });
  });

  it('refuses a classification its nature cannot have, as the form does', () => {
    const read = parseOnboardingLine({
      line: 3,
      cells: { ...provider, name: 'Chez nous', nature: 'Chambre d’hôtes', stars: '2' },
    });
    expect(read.ok ? [] : read.errors).toEqual([
      'Classement : Un hébergement de nature « Chambre d’hôtes » n’a pas de classement en étoiles : choisissez « non classé ».',
    ]);
  });

  it('asks for the establishment’s name once any of its columns is filled', () => {
    const read = parseOnboardingLine({ line: 4, cells: { ...provider, city: 'Metz' } });
    expect(read.ok ? [] : read.errors).toEqual(['Établissement : Veuillez compléter ce champ.']);
    expect(ESTABLISHMENT_COLUMNS[0]).toBe('name');
  });
});

describe('the template', () => {
  it('has example lines that import as they are', () => {
    const read = ONBOARDING_TEMPLATE_EXAMPLES.map((cells, i) => parseOnboardingLine({ line: i + 2, cells }));
    expect(read.map((r) => (r.ok ? [] : r.errors))).toEqual([[], [], []]);
    expect(read.map((r) => (r.ok ? (r.establishment?.name ?? null) : 'refusée'))).toEqual([
      'Gîte des Tilleuls',
      'Hôtel du Parc',
      null,
    ]);
  });
});

describe('cells in words', () => {
  it('reads natures by label, usual name or code', () => {
    expect(parseNature('Hôtel de tourisme')).toBe('HOTEL');
    expect(parseNature('gîte')).toBe('FURNISHED_LET');
    expect(parseNature('CAMPSITE')).toBe('CAMPSITE');
    expect(parseNature('')).toBe('');
    expect(parseNature('yourte')).toBeUndefined();
  });

  it('reads stars as digits, words or symbols; « non classé » is none', () => {
    expect(parseStars('4')).toBe(4);
    expect(parseStars('1 étoile')).toBe(1);
    expect(parseStars('★★★')).toBe(3);
    expect(parseStars('non classé')).toBe('');
    expect(parseStars('')).toBe('');
    expect(parseStars('6')).toBeUndefined();
  });

  it('writes French numbers in international form and leaves others as typed', () => {
    expect(normalisePhone('03.87.12.34.56')).toBe('+33387123456');
    expect(normalisePhone('0033 6 12 34 56 78')).toBe('+33612345678');
    expect(normalisePhone('+49 30 123456')).toBe('+49 30 123456');
  });

  it('recognises an establishment by owner, name and address, whatever the case, accents and spaces', () => {
    expect(establishmentKey(7, { name: ' Gîte  des Tilleuls', address: '3, rue des Tilleuls' })).toBe(
      establishmentKey(7, { name: 'GITE DES TILLEULS', address: '3 rue des tilleuls' }),
    );
    expect(establishmentKey(7, { name: 'Gîte', address: null })).not.toBe(
      establishmentKey(8, { name: 'Gîte', address: null }),
    );
  });
});
