import {
  COMPONENT_KINDS,
  type ComponentKind,
  componentInfo,
  componentRateBounds,
  defaultComponentRate,
  FORFAIT_NATURES,
  type Nature,
  type Period,
  type PricingDeliberation,
  WHOLE_YEAR,
  yearsOfPeriod,
} from '@sejour/domain';
import { fromHundredths, toHundredths } from '../ui/hundredths';

/**
 * The deliberation's part of the pricing form: each additional component (on or off, its rate in percent, its
 * beneficiary), the collection periods as a person types a day of the year (jj/mm), the low-rent threshold in
 * euros. The departmental component's rate is the form's `departmentalRate`, the field pricings always had.
 */
export interface ComponentFormValues {
  enabled: boolean;
  /** Percent; unused for the departmental component (its rate is `departmentalRate`). */
  rate: number | null;
  beneficiary: string;
}

export interface DeliberationFormValues {
  components: Record<ComponentKind, ComponentFormValues>;
  /** "01/04" → "30/09". */
  collectionPeriods: Array<{ from: string; to: string }>;
  /** Euros per person and night; null when the council set none. */
  lowRentThreshold: number | null;
  forfait: ForfaitFormValues;
}

/**
 * The natures taxed au forfait (ticked; the others au réel) and the abatement bands, the rate in percent. The
 * bands are kept while no nature is ticked (ticking one again finds them) but sent only with a nature.
 */
export interface ForfaitFormValues {
  natures: string[];
  abatements: Array<{ fromNights: number | null; rate: number | null }>;
}

/** A first band from 1 night, its rate to type: what a nature put au forfait starts with. */
const FIRST_BAND = { fromNights: 1, rate: null };

function forfaitFormOf(forfait: PricingDeliberation['forfait'] | undefined): ForfaitFormValues {
  const natures = (forfait?.natures ?? []).filter((nature) => FORFAIT_NATURES.includes(nature as Nature));
  const abatements = (forfait?.abatements ?? []).map(({ fromNights, rate }) => ({
    fromNights,
    rate: fromHundredths(rate),
  }));
  return { natures, abatements: abatements.length > 0 ? abatements : [{ ...FIRST_BAND }] };
}

/** "04-01" → "01/04". */
export function typedMonthDay(monthDay: string): string {
  const [month, day] = monthDay.split('-');
  return month && day ? `${day}/${month}` : monthDay;
}

/** "01/04" → "04-01"; anything else is given as typed, for the domain to refuse. */
export function monthDayOfTyped(typed: string): string {
  const match = /^(\d{2})\/(\d{2})$/.exec(typed.trim());
  return match ? `${match[2]}-${match[1]}` : typed;
}

function defaultComponents(): DeliberationFormValues['components'] {
  return Object.fromEntries(
    COMPONENT_KINDS.map((kind) => [
      kind,
      {
        enabled: kind === 'DEPARTMENTAL',
        rate: fromHundredths(defaultComponentRate(kind)),
        beneficiary: componentInfo[kind].beneficiary,
      },
    ]),
  ) as DeliberationFormValues['components'];
}

/** A new pricing: the departmental component alone, the whole year, no threshold. */
export function emptyDeliberationForm(): DeliberationFormValues {
  return {
    components: defaultComponents(),
    collectionPeriods: WHOLE_YEAR.map(({ from, to }) => ({
      from: typedMonthDay(from),
      to: typedMonthDay(to),
    })),
    lowRentThreshold: null,
    forfait: forfaitFormOf(undefined),
  };
}

/** The form of a stored deliberation (none: a pricing read before deliberations, as a new one). */
export function deliberationFormOf(deliberation: PricingDeliberation | undefined): DeliberationFormValues {
  if (!deliberation) return emptyDeliberationForm();
  const components = Object.fromEntries(
    COMPONENT_KINDS.map((kind) => {
      const { enabled, rate, beneficiary } = deliberation.settings[kind];
      return [kind, { enabled, rate: fromHundredths(rate), beneficiary }];
    }),
  ) as DeliberationFormValues['components'];
  return {
    components,
    collectionPeriods: deliberation.collectionPeriods.map(({ from, to }) => ({
      from: typedMonthDay(from),
      to: typedMonthDay(to),
    })),
    lowRentThreshold:
      deliberation.lowRentThreshold === null ? null : fromHundredths(deliberation.lowRentThreshold),
    forfait: forfaitFormOf(deliberation.forfait),
  };
}

/** The deliberation's part of the body, in the API's units, not validated yet. */
export function rawDeliberation(values: DeliberationFormValues, departmentalRate: number | undefined) {
  const components = Object.fromEntries(
    COMPONENT_KINDS.map((kind) => {
      const component = values.components[kind];
      return [
        kind,
        {
          enabled: component.enabled,
          rate: kind === 'DEPARTMENTAL' ? departmentalRate : toHundredths(component.rate),
          beneficiary: component.beneficiary,
        },
      ];
    }),
  );
  return {
    components,
    collectionPeriods: values.collectionPeriods.map(({ from, to }) => ({
      from: monthDayOfTyped(from),
      to: monthDayOfTyped(to),
    })),
    lowRentThreshold: toHundredths(values.lowRentThreshold) ?? null,
    forfait: rawForfait(values.forfait),
  };
}

/** Natures in the product's order; the bands only with a nature au forfait (they are hidden without one). */
function rawForfait(forfait: ForfaitFormValues) {
  const natures = FORFAIT_NATURES.filter((nature) => forfait.natures.includes(nature));
  return {
    natures,
    abatements:
      natures.length === 0
        ? []
        : forfait.abatements.map(({ fromNights, rate }) => ({
            fromNights: fromNights ?? undefined,
            rate: toHundredths(rate),
          })),
  };
}

/** The legal rate of a component over the period's years, as one text per version met ("2026 : 200 %"). */
export function componentLegalRates(
  kind: ComponentKind,
  period: Period,
): Array<{ years: number[]; rate: number | null }> {
  const found: Array<{ years: number[]; rate: number | null }> = [];
  for (const year of yearsOfPeriod(period).slice(0, 5)) {
    const bounds = componentRateBounds(kind, year);
    const rate = bounds ? bounds.min : null;
    const last = found.at(-1);
    if (last && last.rate === rate) last.years.push(year);
    else found.push({ years: [year], rate });
  }
  return found;
}

/** The departmental component's rate is the field pricings always had; the others', their component's. */
export function componentRateField(
  kind: ComponentKind,
): `departmentalRate` | `components.${ComponentKind}.rate` {
  return kind === 'DEPARTMENTAL' ? 'departmentalRate' : `components.${kind}.rate`;
}
