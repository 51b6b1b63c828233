import { describe, expect, it } from 'vitest';
import { CLASSIFIED_ESTABLISHMENT_TYPES } from '../establishments/types';
import { boundsForYear, LEGAL_BOUNDS } from './bounds';
import { higherCategoryOf } from './validation';

describe('legal bounds per year', () => {
  it('holds 2024, 2025 and 2026', () => {
    expect(LEGAL_BOUNDS.map((entry) => entry.year)).toEqual([2024, 2025, 2026]);
  });

  it('gives the 2026 grid in cents', () => {
    const result = boundsForYear(2026);
    if (!result.ok) throw new Error(result.message);
    expect(result.bounds.tariffs.PALACES).toEqual({ min: 70, max: 490 });
    expect(result.bounds.tariffs.HOTEL_5).toEqual({ min: 70, max: 360 });
    expect(result.bounds.tariffs.HOTEL_3).toEqual({ min: 50, max: 170 });
    expect(result.bounds.tariffs.CAMPING_12).toEqual({ min: 20, max: 20 });
    expect(result.bounds.noneRate).toEqual({ min: 100, max: 500 });
  });

  it('gives the 2024 and 2025 ceilings that differ from 2026', () => {
    const b2024 = boundsForYear(2024);
    const b2025 = boundsForYear(2025);
    if (!b2024.ok || !b2025.ok) throw new Error('missing');
    expect(b2024.bounds.tariffs.PALACES.max).toBe(460);
    expect(b2024.bounds.tariffs.HOTEL_3.max).toBe(160);
    expect(b2025.bounds.tariffs.PALACES.max).toBe(480);
    expect(b2025.bounds.tariffs.HOTEL_5.max).toBe(350);
  });

  it('keeps every grid coherent: floor ≤ ceiling, both on 0,10 €, a higher category never lower', () => {
    for (const { tariffs } of LEGAL_BOUNDS) {
      for (const type of CLASSIFIED_ESTABLISHMENT_TYPES) {
        const { min, max } = tariffs[type];
        expect(min).toBeLessThanOrEqual(max);
        expect(min % 10).toBe(0);
        expect(max % 10).toBe(0);
        const higher = higherCategoryOf(type);
        if (higher) expect(max).toBeLessThanOrEqual(tariffs[higher].max);
      }
    }
  });

  it('says clearly when a year is not in the product yet', () => {
    expect(boundsForYear(2027)).toEqual({
      ok: false,
      year: 2027,
      message:
        'Les limites légales des tarifs de l’année 2027 ne sont pas encore saisies : un superadministrateur doit les saisir dans « Limites légales » avant qu’une grille porte sur cette année.',
    });
  });
});
