import { z } from 'zod';
import { fieldErrorsFromIssues } from '../errors';
import { type EstablishmentPayload, establishmentPayloadSchema } from '../establishments/schemas';
import { type ProviderPayload, providerPayloadSchema } from '../providers/schemas';
import { type Cell, parseCellCount, parseCellDate } from '../register/cells';
import { optionalSiretField } from '../reports/schemas';
import { safeString } from '../validation/fields';
import {
  ESTABLISHMENT_COLUMNS,
  ONBOARDING_COLUMN_LABELS,
  ONBOARDING_COLUMNS,
  type OnboardingColumn,
  type OnboardingMapping,
} from './columns';
import { normalisePhone, parseNature, parseStars } from './values';

/**
 * An onboarding file's lines: the cells the browser sends for each, and each read with the providers' and
 * establishments' own schemas, so that a line is refused for the same reasons, in the same words, as the forms
 * would refuse it.
 */

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
