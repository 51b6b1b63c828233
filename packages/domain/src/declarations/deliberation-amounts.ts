import {
  type ComponentKind,
  type ComponentUnit,
  componentInfo,
  type UnitCharge,
} from '../deliberation/components';
import type { DeliberationTable } from '../deliberation/deliberation';
import {
  componentAmount,
  computeDeliberationTax,
  type DeliberationBandTax,
  type DeliberationTax,
} from '../deliberation/engine';
import type { EstablishmentType } from '../establishments/types';
import type { BasisPoints, Cents } from '../money/cents';
import {
  type AmountExplanation,
  type DeclarationTariffs,
  type ExplainedAmounts,
  type KeptUnitTariffs,
  keptFigures,
} from './amounts';
import type { DeclarationUpdate } from './schemas';

/**
 * A month's declaration computed with the deliberation in force on its nights: the base (the communal or
 * intercommunal tax, `cc`), each component that is on, and the total. The departmental component is stored
 * where the departmental amount always was (`moselle`), so every reader of a declaration reads it unchanged;
 * with the departmental component alone, every figure is what `declarationAmounts` computes.
 */

/** The columns a declaration stores its amounts in. */
export interface DeclarationAmountColumns {
  taxableNights: number;
  ccAmount: Cents;
  moselleAmount: Cents;
  ileDeFranceAmount: Cents;
  idfMobilitesAmount: Cents;
  railwayLineAmount: Cents;
  totalAmount: Cents;
}

/** Which column holds each component's amount. */
export const COMPONENT_AMOUNT_COLUMNS = {
  DEPARTMENTAL: 'moselleAmount',
  ILE_DE_FRANCE: 'ileDeFranceAmount',
  IDF_MOBILITES: 'idfMobilitesAmount',
  RAILWAY_LINE: 'railwayLineAmount',
} as const satisfies Record<ComponentKind, keyof DeclarationAmountColumns>;

export interface DeclarationDeliberationAmounts {
  /** The figures as stored: only the regime's own fields, totals derived for NONE. */
  figures: DeclarationUpdate;
  tax: DeliberationTax;
  tariffs: DeclarationTariffs;
  columns: DeclarationAmountColumns;
}

/** The unit tariffs a declaration keeps of a row's units: the base, the departmental unit, every component. */
export function keptUnitTariffs(units: { base: Cents; components: ComponentUnit[] }): KeptUnitTariffs {
  const departmental = units.components.find(({ kind }) => kind === 'DEPARTMENTAL');
  return {
    cc: units.base,
    moselle: departmental?.unit ?? 0,
    components: units.components.map((component) => ({ ...component })),
  };
}

export function declarationDeliberationAmounts(
  type: EstablishmentType,
  typed: DeclarationUpdate,
  table: DeliberationTable,
): DeclarationDeliberationAmounts {
  const figures = keptFigures(type, typed);
  const tax = computeDeliberationTax({ type, figures, table });
  const tariffs: DeclarationTariffs =
    tax.regime === 'classified'
      ? keptUnitTariffs(tax.units)
      : {
          inf: { ...keptUnitTariffs(tax.bands.inf.units), capped: tax.bands.inf.capped },
          sup: { ...keptUnitTariffs(tax.bands.sup.units), capped: tax.bands.sup.capped },
          cap: tax.cap,
        };
  return {
    figures,
    tax,
    tariffs,
    columns: {
      taxableNights: tax.taxableNights,
      ccAmount: tax.base,
      moselleAmount: componentAmount(tax, 'DEPARTMENTAL'),
      ileDeFranceAmount: componentAmount(tax, 'ILE_DE_FRANCE'),
      idfMobilitesAmount: componentAmount(tax, 'IDF_MOBILITES'),
      railwayLineAmount: componentAmount(tax, 'RAILWAY_LINE'),
      totalAmount: tax.total,
    },
  };
}

/** A component of a declaration as the API answers it. */
export interface DeclarationComponentLine {
  kind: ComponentKind;
  label: string;
  /** Basis points of the base tariff; null on a declaration that kept no rate (computed before components). */
  rate: BasisPoints | null;
  /** Per taxable person-night; null for an unclassified let (one unit per band, in its tariffs). */
  unit: Cents | null;
  amount: Cents;
}

/**
 * The components of a stored declaration: those its tariffs kept (the ones that were on), each with its
 * amount from its column; a declaration computed before components kept only the departmental one, listed
 * when it was charged.
 */
export function declarationComponentLines(
  declaration: DeclarationAmountColumns & { tariffs: DeclarationTariffs | null },
): DeclarationComponentLine[] {
  const { tariffs } = declaration;
  const units = tariffs === null ? undefined : 'inf' in tariffs ? tariffs.inf.components : tariffs.components;
  const classified = tariffs !== null && !('inf' in tariffs);
  if (units) {
    return units.map(({ kind, rate, unit }) => ({
      kind,
      label: componentInfo[kind].label,
      rate,
      unit: classified ? unit : null,
      amount: declaration[COMPONENT_AMOUNT_COLUMNS[kind]],
    }));
  }
  const departmental = tariffs && classified ? tariffs.moselle : null;
  if (declaration.moselleAmount === 0 && !departmental) return [];
  return [
    {
      kind: 'DEPARTMENTAL',
      label: componentInfo.DEPARTMENTAL.label,
      rate: null,
      unit: departmental,
      amount: declaration.moselleAmount,
    },
  ];
}

function explainedLine(units: UnitCharge, taxableNights: number): ExplainedAmounts {
  const departmental = units.components.find(({ kind }) => kind === 'DEPARTMENTAL');
  const components = units.components.map(({ kind, rate, unit }) => ({
    kind,
    rate,
    unit,
    amount: unit * taxableNights,
  }));
  const cc = units.base * taxableNights;
  return {
    taxableNights,
    tariffs: { cc: units.base, moselle: departmental?.unit ?? 0 },
    cc,
    moselle: (departmental?.unit ?? 0) * taxableNights,
    total: components.reduce((sum, { amount }) => sum + amount, cc),
    components,
  };
}

/** How a deliberation's amount was reached, as the declaration screen explains it: each component's line. */
export function deliberationExplanation(tax: DeliberationTax): AmountExplanation {
  if (tax.regime === 'classified') {
    return { regime: 'classified', ...explainedLine(tax.units, tax.taxableNights) };
  }
  const band = (b: DeliberationBandTax) => ({
    nights: b.nights,
    capped: b.capped,
    ...explainedLine(b.units, b.taxableNights),
  });
  const departmental = tax.bands.inf.units.components.find(({ kind }) => kind === 'DEPARTMENTAL');
  return {
    regime: 'proportional',
    cap: tax.cap,
    ...(departmental ? { departmentalRate: departmental.rate } : {}),
    bands: { inf: band(tax.bands.inf), sup: band(tax.bands.sup) },
  };
}
