import type { ClassifiedEstablishmentType } from '../establishments/types';
import type { BasisPoints, Cents } from '../money/cents';

/** A legal floor and ceiling, in cents per person and night. Both are inclusive. */
export interface TariffBounds {
  min: Cents;
  max: Cents;
}

/** The legal grid of one year (CGCT L2333-30), as `domain/taxe-de-sejour.md` lists it. */
export interface YearBounds {
  year: number;
  tariffs: Readonly<Record<ClassifiedEstablishmentType, TariffBounds>>;
  /** NONE pays a rate of the price per person and night, from 1 % to 5 % (inclusive). */
  noneRate: { min: BasisPoints; max: BasisPoints };
}

const NONE_RATE = { min: 100, max: 500 } as const;

/**
 * Legal bounds per year, as data. The bounds are revalued every year (by the finance law, published on
 * service-public.fr / collectivites-locales.gouv.fr). A new year is entered by a superadmin in the product
 * (`legalBoundsPayloadSchema`, kept in the database, decision 0107); these shipped years cannot be changed there.
 */
export const LEGAL_BOUNDS: readonly YearBounds[] = [
  {
    year: 2024,
    tariffs: {
      PALACES: { min: 70, max: 460 },
      HOTEL_5: { min: 70, max: 330 },
      HOTEL_4: { min: 70, max: 250 },
      HOTEL_3: { min: 50, max: 160 },
      HOTEL_2: { min: 30, max: 100 },
      HOTEL_1: { min: 20, max: 80 },
      CAMPING_345: { min: 20, max: 60 },
      CAMPING_12: { min: 20, max: 20 },
    },
    noneRate: NONE_RATE,
  },
  {
    // Derived from the 2024 grid and the revaluation rule (the reference marks these [derived]).
    year: 2025,
    tariffs: {
      PALACES: { min: 70, max: 480 },
      HOTEL_5: { min: 70, max: 350 },
      HOTEL_4: { min: 70, max: 260 },
      HOTEL_3: { min: 50, max: 170 },
      HOTEL_2: { min: 30, max: 100 },
      HOTEL_1: { min: 20, max: 80 },
      CAMPING_345: { min: 20, max: 60 },
      CAMPING_12: { min: 20, max: 20 },
    },
    noneRate: NONE_RATE,
  },
  {
    year: 2026,
    tariffs: {
      PALACES: { min: 70, max: 490 },
      HOTEL_5: { min: 70, max: 360 },
      HOTEL_4: { min: 70, max: 260 },
      HOTEL_3: { min: 50, max: 170 },
      HOTEL_2: { min: 30, max: 100 },
      HOTEL_1: { min: 20, max: 80 },
      CAMPING_345: { min: 20, max: 60 },
      CAMPING_12: { min: 20, max: 20 },
    },
    noneRate: NONE_RATE,
  },
];

export type BoundsResult = { ok: true; bounds: YearBounds } | { ok: false; year: number; message: string };

export function missingBoundsMessage(year: number): string {
  return `Les limites légales des tarifs de l’année ${year} ne sont pas encore saisies : un superadministrateur doit les saisir dans « Limites légales » avant qu’une grille porte sur cette année.`;
}

/** Whether a year's grid ships with the product (it can then be neither entered, changed nor deleted). */
export function isShippedYear(year: number): boolean {
  return LEGAL_BOUNDS.some((entry) => entry.year === year);
}

/**
 * The bounds of a year, or a French explanation when that year's grid has not been entered yet. `entered` are
 * the years a superadmin entered (kept in the database, decision 0107); a shipped year always wins.
 */
export function boundsForYear(year: number, entered: readonly YearBounds[] = []): BoundsResult {
  const bounds =
    LEGAL_BOUNDS.find((entry) => entry.year === year) ?? entered.find((entry) => entry.year === year);
  return bounds ? { ok: true, bounds } : { ok: false, year, message: missingBoundsMessage(year) };
}
