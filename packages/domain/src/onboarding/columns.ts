import { normaliseHeader } from '../register/cells';

/**
 * Bulk onboarding: a spreadsheet where each line is an establishment with its provider's columns (or a
 * provider alone, its establishment columns left empty). The browser reads the file and maps its columns as
 * the stay import does; each line travels as text cells, and both the preview and the server read it with
 * the providers' and establishments' own schemas, so a line is refused for the same reasons, in the same
 * words, as the forms would refuse it.
 */

/** The fields a column may be mapped to, in the order the template and the mapping show them. */
export const ONBOARDING_COLUMNS = [
  'siret',
  'company',
  'lastname',
  'firstname',
  'email',
  'phone',
  'username',
  'providerAddress',
  'providerCp',
  'providerCity',
  'name',
  'numero',
  'address',
  'cp',
  'city',
  'nature',
  'stars',
  'classifiedOn',
  'capacityMaxPerson',
  'capacityMaxRoom',
  'openingDate',
] as const;
export type OnboardingColumn = (typeof ONBOARDING_COLUMNS)[number];

export const ONBOARDING_COLUMN_LABELS: Readonly<Record<OnboardingColumn, string>> = {
  siret: 'SIRET',
  company: 'Société',
  lastname: 'Nom',
  firstname: 'Prénom',
  email: 'E-mail',
  phone: 'Téléphone',
  username: 'Identifiant',
  providerAddress: 'Adresse de l’hébergeur',
  providerCp: 'Code postal de l’hébergeur',
  providerCity: 'Commune de l’hébergeur',
  name: 'Établissement',
  numero: 'N° d’enregistrement',
  address: 'Adresse de l’établissement',
  cp: 'Code postal de l’établissement',
  city: 'Commune de l’établissement',
  nature: 'Nature',
  stars: 'Classement',
  classifiedOn: 'Date de classement',
  capacityMaxPerson: 'Capacité en personnes',
  capacityMaxRoom: 'Capacité en chambres ou emplacements',
  openingDate: 'Date d’ouverture',
};

/** Columns a file must have: whom to invite. An establishment's name is needed only on a line that has one. */
export const REQUIRED_ONBOARDING_COLUMNS: readonly OnboardingColumn[] = ['email', 'lastname', 'firstname'];

/** The columns that describe the establishment: all empty, the line is a provider alone. */
export const ESTABLISHMENT_COLUMNS: readonly OnboardingColumn[] = ONBOARDING_COLUMNS.slice(
  ONBOARDING_COLUMNS.indexOf('name'),
);

/** Header names recognised for each field, normalised (`normaliseHeader`), besides the label itself. */
const HEADER_ALIASES: Readonly<Record<OnboardingColumn, readonly string[]>> = {
  siret: ['siret', 'n siret', 'numero siret'],
  company: ['societe', 'raison sociale', 'entreprise'],
  lastname: ['nom', 'nom de famille', 'nom de l hebergeur'],
  firstname: ['prenom', 'prenom de l hebergeur'],
  email: ['e mail', 'email', 'mail', 'courriel', 'adresse e mail', 'adresse electronique'],
  phone: ['telephone', 'tel', 'portable'],
  username: ['identifiant', 'nom d utilisateur', 'login'],
  providerAddress: ['adresse de l hebergeur', 'adresse hebergeur', 'adresse du proprietaire'],
  providerCp: ['code postal de l hebergeur', 'cp hebergeur', 'code postal hebergeur'],
  providerCity: ['commune de l hebergeur', 'ville de l hebergeur', 'ville hebergeur', 'commune hebergeur'],
  name: ['etablissement', 'nom de l etablissement', 'hebergement', 'nom de l hebergement'],
  numero: [
    'n d enregistrement',
    'numero d enregistrement',
    'numero enregistrement',
    'enregistrement',
    'n enregistrement',
  ],
  address: ['adresse de l etablissement', 'adresse', 'adresse etablissement'],
  cp: ['code postal de l etablissement', 'code postal', 'cp'],
  city: ['commune de l etablissement', 'commune', 'ville'],
  nature: ['nature', 'nature de l hebergement', 'type d hebergement'],
  stars: ['classement', 'etoiles', 'nombre d etoiles'],
  classifiedOn: ['date de classement', 'date de decision de classement'],
  capacityMaxPerson: ['capacite en personnes', 'capacite', 'capacite personnes', 'nombre de personnes'],
  capacityMaxRoom: [
    'capacite en chambres ou emplacements',
    'chambres',
    'nombre de chambres',
    'emplacements',
    'capacite chambres',
  ],
  openingDate: ['date d ouverture', 'ouverture', 'date de debut d activite'],
};

/** Which column of the file holds each field (an index into the header line), or null when none does. */
export type OnboardingMapping = Record<OnboardingColumn, number | null>;

/** Recognises the columns by their French names; a header matching no field is left to map by hand. */
export function guessOnboardingMapping(headers: readonly string[]): OnboardingMapping {
  const mapping = Object.fromEntries(ONBOARDING_COLUMNS.map((c) => [c, null])) as OnboardingMapping;
  const names = headers.map(normaliseHeader);
  // Exact labels first (the template's), then aliases: "Adresse" must not take the provider's address column.
  const passes: Array<(column: OnboardingColumn) => readonly string[]> = [
    (column) => [normaliseHeader(ONBOARDING_COLUMN_LABELS[column])],
    (column) => HEADER_ALIASES[column],
  ];
  const used = new Set<number>();
  for (const names_of of passes) {
    for (const column of ONBOARDING_COLUMNS) {
      if (mapping[column] !== null) continue;
      const index = names.findIndex((name, i) => !used.has(i) && names_of(column).includes(name));
      if (index >= 0) {
        mapping[column] = index;
        used.add(index);
      }
    }
  }
  return mapping;
}

export function missingOnboardingColumns(mapping: OnboardingMapping): OnboardingColumn[] {
  return REQUIRED_ONBOARDING_COLUMNS.filter((column) => mapping[column] === null);
}
