import { DECLARATION_COUNT_FIELDS, DECLARATION_RENT_FIELDS } from '../declarations/fields';
import { COMPONENT_KINDS, type ComponentKind, componentInfo } from '../deliberation/components';
import { type AbatementBand, abatementBandLabel, datedPeriodLabel } from '../deliberation/forfait';
import { NATURES, natureInfo, STARS, starsLabel } from '../deliberation/natures';
import { type CollectionPeriod, collectionPeriodLabel } from '../deliberation/periods';
import { errorCatalogue } from '../error-catalogue';
import { ESTABLISHMENT_TYPES, type EstablishmentType, establishmentTypeInfo } from '../establishments/types';
import { formatFileSize } from '../files/rules';
import { formatDate, formatTimestamp, formatYesNo, isIsoDate, isIsoTimestamp } from '../format/display';
import { MESSAGE_AUDIENCES, type MessageAudience } from '../home/messages';
import { ROLE_LABELS, ROLES, type Role } from '../identity/roles';
import { formatBasisPoints, formatEuros, formatInteger } from '../money/format';
import { EXEMPTION_REASON_LABELS, EXEMPTION_REASONS } from '../register/exemptions';
import { AMOUNT_LABELS } from '../resume/amounts';
import type { AuditAction } from './schemas';

/**
 * The history and the Journal show every value as the screens do — "376,20 €", "Hôtels 3 étoiles…", "3 %",
 * "31/01/2026", "Oui" — never as stored (cents, basis points, codes, ISO dates). Both the web and the
 * server's CSV read these, so an entry reads the same everywhere.
 */

/** What an empty value shows: nothing was there. */
export const AUDIT_EMPTY = '(vide)';

const AMOUNT_FIELDS = new Set<string>([
  ...DECLARATION_RENT_FIELDS,
  'ccAmount',
  'moselleAmount',
  'ileDeFranceAmount',
  'idfMobilitesAmount',
  'railwayLineAmount',
  'totalAmount',
  'threshold',
  'lowRentThreshold',
  'price',
]);
const RATE_FIELDS = new Set(['departmentalRate', 'abatementRate']);
const COUNT_FIELDS = new Set<string>([
  ...DECLARATION_COUNT_FIELDS,
  'taxableNights',
  'capacity',
  'openNights',
  'capacityMaxRoom',
  'capacityMaxPerson',
  'declarationCount',
  'dueDays',
  'persons',
  'exempted',
  'stayCount',
  'skippedCount',
]);

/** A pricing's row (`rows.HOTEL_3.tariff`) or a year's legal bound (`tariffs.HOTEL_3.min`, `noneRate.max`). */
const PRICING_ROW = /^rows\.(\w+)\.(tariff|rate)$/;
const BOUND = /^(?:tariffs\.(\w+)|(noneRate))\.(min|max)$/;
/** A deliberation's component (`components.IDF_MOBILITES.rate`). */
const COMPONENT = /^components\.(\w+)\.(enabled|rate|beneficiary)$/;
/** A declaration's exempted person-nights of one legal reason (`exemptionsByReason.MINOR`). */
const EXEMPTED_BY_REASON = /^exemptionsByReason\.(\w+)$/;

type Kind =
  | 'amount'
  | 'rate'
  | 'count'
  | 'type'
  | 'role'
  | 'audience'
  | 'reason'
  | 'exemptionReason'
  | 'periods'
  | 'openings'
  | 'nature'
  | 'stars'
  | 'requestStatus'
  | 'natures'
  | 'abatements'
  | 'other';

function kindOf(field: string): Kind {
  if (AMOUNT_FIELDS.has(field)) return 'amount';
  if (RATE_FIELDS.has(field)) return 'rate';
  if (COUNT_FIELDS.has(field) || EXEMPTED_BY_REASON.test(field)) return 'count';
  const row = PRICING_ROW.exec(field);
  if (row) return row[2] === 'rate' ? 'rate' : 'amount';
  const bound = BOUND.exec(field);
  if (bound) return bound[2] ? 'rate' : 'amount';
  if (COMPONENT.exec(field)?.[2] === 'rate') return 'rate';
  if (field === 'collectionPeriods') return 'periods';
  if (field === 'openingPeriods') return 'openings';
  if (field === 'forfait.natures') return 'natures';
  if (field === 'forfait.abatements') return 'abatements';
  if (field === 'type') return 'type';
  if (field === 'role') return 'role';
  if (field === 'audience') return 'audience';
  if (field === 'reason') return 'reason';
  if (field === 'exemptionReason') return 'exemptionReason';
  if (field === 'nature') return 'nature';
  if (field === 'stars') return 'stars';
  if (field === 'status') return 'requestStatus';
  return 'other';
}

const AUDIENCE_LABELS: Readonly<Record<MessageAudience, string>> = {
  everyone: 'Tout le monde',
  hosts: 'Hébergeurs',
  admins: 'Administrateurs',
};

/** A change request's state, as the journal names it. */
const REQUEST_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'En attente',
  accepted: 'Acceptée',
  refused: 'Refusée',
  withdrawn: 'Retirée',
};

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** A value of any field without a known kind: by its shape. */
function plainText(value: unknown): string {
  if (isEmptyValue(value)) return AUDIT_EMPTY;
  if (typeof value === 'boolean') return formatYesNo(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (isIsoDate(value)) return formatDate(value);
    if (isIsoTimestamp(value)) return formatTimestamp(value);
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? AUDIT_EMPTY : value.map(plainText).join(', ');
  if (typeof value === 'object') {
    const file = value as { filename?: unknown; size?: unknown };
    if (typeof file.filename === 'string') {
      return typeof file.size === 'number'
        ? `${file.filename} (${formatFileSize(file.size)})`
        : file.filename;
    }
    return JSON.stringify(value);
  }
  return String(value);
}

function isCollectionPeriod(value: unknown): value is CollectionPeriod {
  const period = value as Partial<CollectionPeriod> | null;
  return typeof period?.from === 'string' && typeof period.to === 'string';
}

function isAbatementBand(value: unknown): value is AbatementBand {
  const band = value as Partial<AbatementBand> | null;
  return typeof band?.fromNights === 'number' && typeof band.rate === 'number';
}

/** One logged value of `field`, in French as the screens show it; "(vide)" only for nothing. */
export function auditValueText(field: string, value: unknown): string {
  if (isEmptyValue(value)) return AUDIT_EMPTY;
  switch (kindOf(field)) {
    case 'amount':
      return typeof value === 'number' ? formatEuros(value) : plainText(value);
    case 'rate':
      return typeof value === 'number' ? formatBasisPoints(value) : plainText(value);
    case 'count':
      return typeof value === 'number' ? formatInteger(value) : plainText(value);
    case 'type':
      return isOneOf(ESTABLISHMENT_TYPES, value)
        ? establishmentTypeInfo[value as EstablishmentType].label
        : plainText(value);
    case 'role':
      return isOneOf<Role>(ROLES, value) ? ROLE_LABELS[value] : plainText(value);
    case 'audience':
      return isOneOf(MESSAGE_AUDIENCES, value) ? AUDIENCE_LABELS[value] : plainText(value);
    case 'reason':
      return typeof value === 'string' && value in errorCatalogue
        ? errorCatalogue[value as keyof typeof errorCatalogue].message
        : plainText(value);
    case 'exemptionReason':
      return isOneOf(EXEMPTION_REASONS, value) ? EXEMPTION_REASON_LABELS[value] : plainText(value);
    case 'periods':
      return Array.isArray(value) && value.every(isCollectionPeriod)
        ? value.map(collectionPeriodLabel).join(', ')
        : plainText(value);
    case 'openings':
      return Array.isArray(value) && value.every(isCollectionPeriod)
        ? value.map(({ from, to }) => datedPeriodLabel({ beginDate: from, endDate: to })).join(', ')
        : plainText(value);
    case 'nature':
      return isOneOf(NATURES, value) ? natureInfo[value].label : plainText(value);
    case 'natures':
      return Array.isArray(value) && value.every((nature) => isOneOf(NATURES, nature))
        ? value.map((nature) => natureInfo[nature].label).join(', ')
        : plainText(value);
    case 'abatements':
      return Array.isArray(value) && value.every(isAbatementBand)
        ? value.map(abatementBandLabel).join(' ; ')
        : plainText(value);
    case 'requestStatus':
      return typeof value === 'string' && value in REQUEST_STATUS_LABELS
        ? (REQUEST_STATUS_LABELS[value] ?? plainText(value))
        : plainText(value);
    case 'stars':
      return (STARS as readonly unknown[]).includes(value)
        ? starsLabel(value as (typeof STARS)[number])
        : plainText(value);
    default:
      return plainText(value);
  }
}

/** French names of the fields the log compares (a field not listed shows its own name). */
const AUDIT_FIELD_LABELS: Record<string, string> = {
  username: 'Identifiant',
  email: 'E-mail',
  role: 'Rôle',
  firstname: 'Prénom',
  lastname: 'Nom',
  company: 'Société',
  phone: 'Téléphone',
  address: 'Adresse',
  city: 'Commune',
  cp: 'Code postal',
  activated: 'Activé',
  disabled: 'Désactivé',
  archived: 'Archivé',
  userId: 'Hébergeur (n°)',
  name: 'Nom',
  capacityMaxRoom: 'Chambres',
  capacityMaxPerson: 'Personnes au plus',
  type: 'Catégorie',
  typePrecision: 'Précision',
  description: 'Description',
  numero: 'Numéro d’enregistrement',
  openingDate: 'Date d’ouverture',
  closure: 'Fermeture',
  ceasedOn: 'Date de cessation',
  cessationReason: 'Motif de la cessation',
  effectiveOn: 'Date d’effet',
  status: 'Statut',
  nature: 'Nature',
  stars: 'Classement',
  classifiedOn: 'Date de la décision de classement',
  image: 'Image',
  declarationCount: 'Déclarations',
  stayCount: 'Séjours',
  done: 'Déclaration terminée',
  personCount: 'Personnes',
  nightsCount: 'Nuitées',
  exemptedCount: 'Nuitées exonérées',
  nightsCountInf: 'Nuitées, tranche basse',
  nightsCountSup: 'Nuitées, tranche haute',
  nightsCountInfMin: 'Nuitées exonérées, tranche basse',
  nightsCountSupMin: 'Nuitées exonérées, tranche haute',
  prixInf: 'Loyers, tranche basse',
  prixSup: 'Loyers, tranche haute',
  prixInfMin: 'Loyers exonérés, tranche basse',
  prixSupMin: 'Loyers exonérés, tranche haute',
  platformNightsCount: 'Nuitées via plateformes',
  capacity: 'Capacité déclarée',
  openingPeriods: 'Périodes d’ouverture',
  openNights: 'Nuits d’ouverture',
  abatementRate: 'Abattement',
  taxableNights: AMOUNT_LABELS.taxable,
  ccAmount: AMOUNT_LABELS.cc,
  moselleAmount: AMOUNT_LABELS.moselle,
  ileDeFranceAmount: componentInfo.ILE_DE_FRANCE.label,
  idfMobilitesAmount: componentInfo.IDF_MOBILITES.label,
  railwayLineAmount: componentInfo.RAILWAY_LINE.label,
  totalAmount: 'Total',
  arrival: 'Arrivée',
  departure: 'Départ',
  persons: 'Personnes',
  exempted: 'Personnes exonérées',
  exemptionReason: 'Motif d’exonération',
  price: 'Prix HT',
  platform: 'Via une plateforme',
  reference: 'Référence',
  firstArrival: 'Première arrivée',
  lastDeparture: 'Dernier départ',
  skippedCount: 'Lignes écartées (mois terminés)',
  pricingId: 'Grille tarifaire (n°)',
  file: 'Registre',
  beginDate: 'Début',
  endDate: 'Fin',
  threshold: 'Seuil',
  departmentalRate: 'Taux départemental',
  collectionPeriods: 'Périodes de perception',
  lowRentThreshold: 'Seuil de loyer (exonération)',
  'forfait.natures': 'Natures taxées au forfait',
  'forfait.abatements': 'Abattement sur la capacité',
  platformOnly: 'Uniquement via plateformes',
  reason: 'Motif',
  year: 'Année',
  siret: 'SIRET',
  dueDays: 'Délai de paiement (jours)',
  paymentInstructions: 'Modalités de paiement',
  title: 'Titre',
  body: 'Texte',
  audience: 'Destinataires',
  publishAt: 'Publication',
  expiresAt: 'Expiration',
};

/** Where each known field comes in an entry: the order of the table above, as the forms list them. */
const FIELD_ORDER: ReadonlyMap<string, number> = new Map(
  Object.keys(AUDIT_FIELD_LABELS).map((field, index) => [field, index]),
);

/**
 * An entry's changes in the order the forms list their fields (arrival before departure, before the price).
 * The database keeps an entry's fields in no order a reader follows; fields without a label (a pricing's rows)
 * come after the others, in their own order.
 */
export function auditChangeEntries<Change>(
  changes: Readonly<Record<string, Change>>,
): Array<[string, Change]> {
  const rank = (field: string) => FIELD_ORDER.get(field) ?? FIELD_ORDER.size;
  return Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b));
}

const typeLabel = (type: string | undefined) =>
  type && isOneOf(ESTABLISHMENT_TYPES, type) ? establishmentTypeInfo[type].label : (type ?? '');

const COMPONENT_FIELD_LABELS = { enabled: 'perçue', rate: 'taux', beneficiary: 'bénéficiaire' } as const;

export function auditFieldLabel(field: string): string {
  const component = COMPONENT.exec(field);
  if (component && isOneOf<ComponentKind>(COMPONENT_KINDS, component[1])) {
    const part = component[2] as keyof typeof COMPONENT_FIELD_LABELS;
    return `${componentInfo[component[1]].label} — ${COMPONENT_FIELD_LABELS[part]}`;
  }
  const reason = EXEMPTED_BY_REASON.exec(field);
  if (reason && isOneOf(EXEMPTION_REASONS, reason[1]))
    return `${AMOUNT_LABELS.exempted} — ${EXEMPTION_REASON_LABELS[reason[1]]}`;
  const row = PRICING_ROW.exec(field);
  if (row) return `${row[2] === 'rate' ? 'Taux' : 'Tarif'} — ${typeLabel(row[1])}`;
  const bound = BOUND.exec(field);
  if (bound) {
    const which = bound[3] === 'min' ? 'minimum' : 'maximum';
    return bound[2] ? `Taux ${which} — ${typeLabel('NONE')}` : `Tarif ${which} — ${typeLabel(bound[1])}`;
  }
  return AUDIT_FIELD_LABELS[field] ?? field;
}

/** One change in French: its field's label and both values as the screens show them. */
export interface AuditChangeParts {
  label: string;
  /** Null: nothing before (a creation shows the new value only). */
  from: string | null;
  /** Null: nothing after (a deletion shows the old value only). */
  to: string | null;
}

export function auditChangeParts(
  field: string,
  change: { from: unknown; to: unknown },
  action?: AuditAction,
): AuditChangeParts {
  const label = auditFieldLabel(field);
  const from = auditValueText(field, change.from);
  const to = auditValueText(field, change.to);
  if ((action === 'create' || action === 'import') && isEmptyValue(change.from))
    return { label, from: null, to };
  if (action === 'delete' && isEmptyValue(change.to)) return { label, from, to: null };
  return { label, from, to };
}

/** "Total : 120,00 € → 376,20 €" (a creation: "Total : 376,20 €"); the CSV and the screen's compact view. */
export function auditChangeText(
  field: string,
  change: { from: unknown; to: unknown },
  action?: AuditAction,
): string {
  const parts = auditChangeParts(field, change, action);
  const values =
    parts.from === null ? parts.to : parts.to === null ? parts.from : `${parts.from} → ${parts.to}`;
  return `${parts.label} : ${values}`;
}
