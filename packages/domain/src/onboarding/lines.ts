import { z } from 'zod';
import { NATURES, type Nature, natureInfo, type Stars } from '../deliberation/natures';
import { fieldErrorsFromIssues } from '../errors';
import { type EstablishmentPayload, establishmentPayloadSchema } from '../establishments/schemas';
import { type ProviderPayload, providerPayloadSchema } from '../providers/schemas';
import { type Cell, normaliseHeader, parseCellCount, parseCellDate } from '../register/cells';
import { optionalSiretField } from '../reports/schemas';
import { safeString } from '../validation/fields';

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

/** The longest text a cell may carry (the longest field, a description, is far shorter than this). */
export const ONBOARDING_CELL_MAX = 1000;

/** A line as the browser sends it: its number in the file (the header is line 1) and its cells as text. */
export const onboardingLineSchema = z.object({
  line: z.number().int().min(2).max(10_000_000),
  cells: z.partialRecord(z.enum(ONBOARDING_COLUMNS), safeString().max(ONBOARDING_CELL_MAX)),
});
export type OnboardingLine = z.infer<typeof onboardingLineSchema>;
export type OnboardingCells = OnboardingLine['cells'];

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text: a spreadsheet's date as yyyy-mm-dd, a number as written, nothing as ''. */
export function cellAsText(cell: Cell): string {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return '';
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  }
  if (cell === null || cell === undefined) return '';
  return String(cell).trim();
}

/** The mapped cells of one line of the file, as text (what the browser sends). */
export function cellsOfRow(row: readonly Cell[], mapping: OnboardingMapping): OnboardingCells {
  const cells: OnboardingCells = {};
  for (const column of ONBOARDING_COLUMNS) {
    const index = mapping[column];
    if (index === null) continue;
    const text = cellAsText(row[index]).slice(0, ONBOARDING_CELL_MAX);
    if (text !== '') cells[column] = text;
  }
  return cells;
}

/** A French number written the way spreadsheets keep it: "06 12 34 56 78" → "+33612345678". */
export function normalisePhone(text: string): string {
  const compact = text.replace(/[\s.\-()\u00a0\u202f]/g, '');
  if (/^0\d{9}$/.test(compact)) return `+33${compact.slice(1)}`;
  if (/^0033\d{9}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^33\d{9}$/.test(compact)) return `+${compact}`;
  return text.trim();
}

const NATURE_ALIASES: ReadonlyArray<[Nature, readonly string[]]> = [
  ['PALACE', ['palace']],
  ['HOTEL', ['hotel', 'hotel de tourisme']],
  ['TOURIST_RESIDENCE', ['residence de tourisme', 'residence']],
  ['FURNISHED_LET', ['meuble de tourisme', 'meuble', 'location meublee', 'gite', 'gite rural']],
  ['HOLIDAY_VILLAGE', ['village de vacances']],
  ['GUEST_ROOMS', ['chambre d hotes', 'chambres d hotes']],
  ['HOSTEL', ['auberge collective', 'auberge de jeunesse', 'auberge']],
  ['MOTORHOME_AREA', ['aire de camping cars', 'aire de camping car', 'parc de stationnement touristique']],
  ['CAMPSITE', ['terrain de camping', 'camping', 'terrain de caravanage', 'hebergement de plein air']],
  ['MARINA', ['port de plaisance']],
  ['OTHER', ['autre', 'autre hebergement']],
];

/** A nature in words (its label, a usual name, or its code); '' is none, undefined is unknown. */
export function parseNature(text: string): Nature | '' | undefined {
  const raw = text.trim();
  if (raw === '') return '';
  if ((NATURES as readonly string[]).includes(raw)) return raw as Nature;
  const name = normaliseHeader(raw);
  for (const nature of NATURES) if (normaliseHeader(natureInfo[nature].label) === name) return nature;
  return NATURE_ALIASES.find(([, aliases]) => aliases.includes(name))?.[0];
}

/** Stars as written: "3", "3 étoiles", "3*", "★★★"; '' for none or "non classé"; undefined when unreadable. */
export function parseStars(text: string): Stars | '' | undefined {
  const name = normaliseHeader(text);
  if (name === '' && !/[★*]/.test(text)) return '';
  if (['non classe', 'non classee', 'sans', 'aucun', 'en attente', 'en attente de classement'].includes(name))
    return '';
  const digits = /^([1-5])(?: etoiles?| e)?$/.exec(name);
  if (digits) return Number(digits[1]) as Stars;
  const symbols = text.trim().match(/^([★*])\1{0,4}$/);
  if (symbols) return text.trim().length as Stars;
  return undefined;
}

/** A provider as a line gives it: the form's payload and the SIRET that identifies them. */
export type OnboardingProvider = ProviderPayload & { siret: string | null };
/** An establishment as a line gives it: the form's payload, its owner decided by the import. */
export type OnboardingEstablishment = Omit<EstablishmentPayload, 'userId'>;

/** A line read: what it asks for, or the reasons it is refused (French, each naming its column). */
export type ParsedOnboardingLine =
  | { line: number; ok: true; provider: OnboardingProvider; establishment: OnboardingEstablishment | null }
  | { line: number; ok: false; errors: string[] };

const PROVIDER_FIELD_COLUMNS: Readonly<Record<string, OnboardingColumn>> = {
  username: 'username',
  email: 'email',
  firstname: 'firstname',
  lastname: 'lastname',
  company: 'company',
  phone: 'phone',
  address: 'providerAddress',
  city: 'providerCity',
  cp: 'providerCp',
};

const ESTABLISHMENT_FIELD_COLUMNS: Readonly<Record<string, OnboardingColumn>> = {
  name: 'name',
  numero: 'numero',
  address: 'address',
  city: 'city',
  cp: 'cp',
  nature: 'nature',
  stars: 'stars',
  classifiedOn: 'classifiedOn',
  capacityMaxPerson: 'capacityMaxPerson',
  capacityMaxRoom: 'capacityMaxRoom',
  openingDate: 'openingDate',
  type: 'nature',
};

const labelled = (column: OnboardingColumn | undefined, message: string) =>
  column ? `${ONBOARDING_COLUMN_LABELS[column]} : ${message}` : message;

function schemaErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  columns: Readonly<Record<string, OnboardingColumn>>,
): string[] {
  return Object.entries(fieldErrorsFromIssues(issues)).map(([field, message]) =>
    labelled(columns[field.split('.')[0] ?? ''], message),
  );
}

/**
 * One line read into a provider and, when its establishment columns hold anything, an establishment. The
 * username defaults to the e-mail address (a provider signs in with either). Every reason is given at once.
 */
export function parseOnboardingLine({ line, cells }: OnboardingLine): ParsedOnboardingLine {
  const cell = (column: OnboardingColumn) => (cells[column] ?? '').trim();
  const errors: string[] = [];
  const unreadable = (column: OnboardingColumn, expected: string) =>
    errors.push(labelled(column, `« ${cell(column)} » n’est pas ${expected}.`));

  const siret = optionalSiretField.safeParse(cell('siret'));
  if (!siret.success) errors.push(...siret.error.issues.map((i) => labelled('siret', i.message)));
  const provider = providerPayloadSchema.safeParse({
    username: cell('username') || cell('email'),
    email: cell('email'),
    firstname: cell('firstname'),
    lastname: cell('lastname'),
    company: cell('company'),
    phone: cell('phone') === '' ? '' : normalisePhone(cell('phone')),
    address: cell('providerAddress'),
    city: cell('providerCity'),
    cp: cell('providerCp'),
  });
  if (!provider.success) {
    // A username left empty is the e-mail: its refusal is the e-mail's, said once.
    const issues = cell('username')
      ? provider.error.issues
      : provider.error.issues.filter((issue) => issue.path[0] !== 'username' || cell('email') === '');
    errors.push(...schemaErrors(issues, PROVIDER_FIELD_COLUMNS).filter((e) => !errors.includes(e)));
  }

  let establishment: OnboardingEstablishment | null = null;
  if (ESTABLISHMENT_COLUMNS.some((column) => cell(column) !== '')) {
    const nature = parseNature(cell('nature'));
    if (nature === undefined)
      unreadable('nature', 'une nature d’hébergement connue (hôtel, meublé de tourisme…)');
    const stars = parseStars(cell('stars'));
    if (stars === undefined) unreadable('stars', 'un classement de 1 à 5 étoiles ou « non classé »');
    const dateOf = (column: OnboardingColumn) => {
      if (cell(column) === '') return '';
      const date = parseCellDate(cell(column));
      if (date === null) unreadable(column, 'une date (jj/mm/aaaa)');
      return date ?? '';
    };
    const countOf = (column: OnboardingColumn) => {
      const count = parseCellCount(cell(column));
      if (count !== null && Number.isNaN(count)) unreadable(column, 'un nombre entier');
      return count === null || Number.isNaN(count) ? '' : count;
    };
    const classifiedOn = dateOf('classifiedOn');
    const openingDate = dateOf('openingDate');
    const capacityMaxPerson = countOf('capacityMaxPerson');
    const capacityMaxRoom = countOf('capacityMaxRoom');
    const parsed = establishmentPayloadSchema.safeParse({
      name: cell('name'),
      numero: cell('numero'),
      address: cell('address'),
      city: cell('city'),
      cp: cell('cp'),
      nature: nature ?? '',
      stars: stars ?? '',
      classifiedOn,
      openingDate,
      capacityMaxPerson,
      capacityMaxRoom,
      // Any owner: the import decides it; the schema's other rules are the form's.
      userId: 1,
    });
    if (!parsed.success) errors.push(...schemaErrors(parsed.error.issues, ESTABLISHMENT_FIELD_COLUMNS));
    else {
      const { userId: _owner, ...rest } = parsed.data;
      establishment = rest;
    }
  }
  if (errors.length > 0 || !provider.success || !siret.success) return { line, ok: false, errors };
  return {
    line,
    ok: true,
    provider: { ...provider.data, siret: siret.data === '' ? null : siret.data },
    establishment,
  };
}

/** Lower case, no accents, one space between words: how two names or addresses are compared. */
export function comparableText(text: string | null | undefined): string {
  return normaliseHeader(text ?? '');
}

/**
 * The key an establishment without registration number is recognised by: its owner, its name and its
 * address, compared without case, accents or punctuation.
 */
export function establishmentKey(
  userId: number | string,
  establishment: { name: string; address: string | null; cp?: string | null },
): string {
  return `${userId}|${comparableText(establishment.name)}|${comparableText(establishment.address)}`;
}

/**
 * The lines under the template's header (whose names are `ONBOARDING_COLUMN_LABELS`, so the import recognises
 * them): a provider with two establishments (the second line repeats the provider's columns), and a provider
 * alone, whose establishment columns are empty.
 */
export const ONBOARDING_TEMPLATE_EXAMPLES: readonly OnboardingCells[] = [
  {
    siret: '732 829 320 00074',
    company: 'SARL Les Tilleuls',
    lastname: 'Martin',
    firstname: 'Claire',
    email: 'claire.martin@exemple.fr',
    phone: '03 87 12 34 56',
    providerAddress: '12 rue Serpenoise',
    providerCp: '57000',
    providerCity: 'Metz',
    name: 'Gîte des Tilleuls',
    numero: '57463000123AB',
    address: '3 rue des Tilleuls',
    cp: '57000',
    city: 'Metz',
    nature: 'Meublé de tourisme',
    stars: '3 étoiles',
    classifiedOn: '15/03/2024',
    capacityMaxPerson: '6',
    capacityMaxRoom: '3',
    openingDate: '01/04/2024',
  },
  {
    siret: '732 829 320 00074',
    company: 'SARL Les Tilleuls',
    lastname: 'Martin',
    firstname: 'Claire',
    email: 'claire.martin@exemple.fr',
    name: 'Hôtel du Parc',
    address: '8 avenue Foch',
    cp: '57000',
    city: 'Metz',
    nature: 'Hôtel de tourisme',
    stars: 'non classé',
    capacityMaxPerson: '40',
    capacityMaxRoom: '18',
  },
  {
    lastname: 'Bernard',
    firstname: 'Paul',
    email: 'paul.bernard@exemple.fr',
    phone: '06 12 34 56 78',
  },
];
