import type { ComponentKind, ComponentUnit } from '../deliberation/components';
import type { EstablishmentType } from '../establishments/types';
import type { BasisPoints, Cents } from '../money/cents';
import type { PricingTable } from '../pricings/schemas';
import {
  computeDeclarationTax,
  type DeclarationTax,
  type TaxAmounts,
  taxAmounts,
  type UnitTariffs,
} from '../tax/engine';
import {
  DECLARATION_BANDS,
  DECLARATION_COUNT_FIELDS,
  DECLARATION_RENT_FIELDS,
  type DeclarationField,
  declarationFieldsOf,
  declarationRegime,
} from './fields';
import type { DeclarationUpdate } from './schemas';

/**
 * Unit tariffs as a declaration keeps them: the base (`cc`) and the departmental unit (`moselle`, 0 when the
 * deliberation has it off), and every component that was on with its own unit (absent on declarations
 * computed before deliberations: the departmental one was then the only one).
 */
export interface KeptUnitTariffs extends UnitTariffs {
  components?: ComponentUnit[];
}

/** A band's unit tariffs, and whether the cap was charged instead of rate × rent ÷ nights. */
export interface BandTariffs extends KeptUnitTariffs {
  /** Absent on declarations computed before it was kept: read as not capped. */
  capped?: boolean;
}

/**
 * The tariffs a declaration keeps: one set per person-night, or one per band for NONE with the cap of its
 * table — enough to explain a done declaration's amount without the pricing.
 */
export type DeclarationTariffs = KeptUnitTariffs | { inf: BandTariffs; sup: BandTariffs; cap?: Cents };

/** A component's line of the explanation: its unit × taxable person-nights = its amount. */
export interface ExplainedComponent {
  kind: ComponentKind;
  rate: BasisPoints;
  unit: Cents;
  amount: Cents;
}

/** One line of the explanation: unit tariffs × taxable person-nights = amounts, each as the engine computed it. */
export interface ExplainedAmounts extends TaxAmounts {
  taxableNights: number;
  tariffs: UnitTariffs;
  /** Every component that was on, the departmental one included; absent when only `moselle` is known. */
  components?: ExplainedComponent[];
}

/**
 * How an amount was reached, as the declaration screen explains it (a live computation or a stored one): every
 * figure comes from the engine, so the screen only formats it. `departmentalRate` (basis points of the
 * community tariff, rounded per person-night) is known for a live computation only.
 */
export type AmountExplanation =
  | ({ regime: 'classified' } & ExplainedAmounts)
  | {
      regime: 'proportional';
      cap?: Cents;
      departmentalRate?: BasisPoints;
      bands: Record<'inf' | 'sup', ExplainedAmounts & { nights: number; capped: boolean }>;
    };

export interface DeclarationAmounts {
  /** The figures as stored: only the regime's own fields, totals derived for NONE. */
  figures: DeclarationUpdate;
  tax: DeclarationTax;
  tariffs: DeclarationTariffs;
}

/**
 * The amounts of a month, as the form shows them live and the server stores them (the server recomputes and is
 * the authority). Only the fields the type's regime is typed with are kept (`declarationFieldsOf`), the others
 * stored as zero; NONE derives its totals from its bands. Platform-collected person-nights are kept as declared
 * and never charged.
 */
export function declarationAmounts(
  type: EstablishmentType,
  typed: DeclarationUpdate,
  pricing: PricingTable,
): DeclarationAmounts {
  const figures = keptFigures(type, typed);
  const tax = computeDeclarationTax({ type, figures, pricing });
  const tariffs: DeclarationTariffs =
    tax.regime === 'classified'
      ? tax.tariffs
      : {
          inf: { ...tax.bands.inf.tariffs, capped: tax.bands.inf.capped },
          sup: { ...tax.bands.sup.tariffs, capped: tax.bands.sup.capped },
          cap: tax.cap,
        };
  return { figures, tax, tariffs };
}

/**
 * The figures as stored: only the fields the type's regime is typed with (`declarationFieldsOf`), the others
 * zero; NONE derives its totals from its bands. Whatever else the body carried (the exempted person-nights
 * by reason) is left out.
 */
export function keptFigures(type: EstablishmentType, typed: DeclarationUpdate): DeclarationUpdate {
  const used = declarationFieldsOf(type);
  const kept = new Set<DeclarationField>([...used.counts, ...used.rents]);
  const { exemptionsByReason: _byReason, ...counted } = typed;
  const figures: DeclarationUpdate = { ...counted };
  for (const field of [...DECLARATION_COUNT_FIELDS, ...DECLARATION_RENT_FIELDS]) {
    if (!kept.has(field)) figures[field] = 0;
  }
  if (declarationRegime(type) === 'proportional') {
    const { Inf, Sup } = DECLARATION_BANDS;
    figures.nightsCount = typed[Inf.nights] + typed[Sup.nights];
    figures.exemptedCount = typed[Inf.exempted] + typed[Sup.exempted];
  }
  return figures;
}

/** What `storedExplanation` reads of a declaration. */
export interface StoredAmounts {
  nightsCount: number;
  exemptedCount: number;
  nightsCountInf: number;
  nightsCountSup: number;
  nightsCountInfMin: number;
  nightsCountSupMin: number;
  tariffs: DeclarationTariffs | null;
}

/**
 * The explanation of a stored declaration, from the tariffs it was computed with (a done one's are frozen, so
 * its explanation never depends on today's pricing). Null when it keeps no tariffs.
 */
export function storedExplanation(declaration: StoredAmounts): AmountExplanation | null {
  const { tariffs } = declaration;
  if (!tariffs) return null;
  const explained = (nights: number, exempted: number, kept: KeptUnitTariffs): ExplainedAmounts => {
    const unit = { cc: kept.cc, moselle: kept.moselle };
    const taxableNights = nights - exempted;
    const amounts = taxAmounts(unit, taxableNights);
    if (!kept.components) return { taxableNights, tariffs: unit, ...amounts };
    const components = kept.components.map((component) => ({
      ...component,
      amount: component.unit * taxableNights,
    }));
    const total = components.reduce((sum, { amount }) => sum + amount, amounts.cc);
    return { taxableNights, tariffs: unit, ...amounts, total, components };
  };
  if (!('inf' in tariffs))
    return {
      regime: 'classified',
      ...explained(declaration.nightsCount, declaration.exemptedCount, tariffs),
    };
  const band = (nights: number, exempted: number, kept: BandTariffs) => ({
    nights,
    ...explained(nights, exempted, kept),
    capped: kept.capped ?? false,
  });
  return {
    regime: 'proportional',
    ...(tariffs.cap === undefined ? {} : { cap: tariffs.cap }),
    bands: {
      inf: band(declaration.nightsCountInf, declaration.nightsCountInfMin, tariffs.inf),
      sup: band(declaration.nightsCountSup, declaration.nightsCountSupMin, tariffs.sup),
    },
  };
}

/** All zero: a month closed or without guests. */
export const NOTHING_DECLARED: DeclarationUpdate = {
  personCount: 0,
  nightsCount: 0,
  exemptedCount: 0,
  nightsCountInf: 0,
  nightsCountSup: 0,
  nightsCountInfMin: 0,
  nightsCountSupMin: 0,
  prixInf: 0,
  prixSup: 0,
  prixInfMin: 0,
  prixSupMin: 0,
  platformNightsCount: 0,
};
