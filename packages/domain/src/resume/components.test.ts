import { describe, expect, it } from 'vitest';
import { amountsMismatches, ZERO_AMOUNTS } from './amounts';
import { addComponents, reversementLines, shownComponents, ZERO_COMPONENTS } from './components';

describe('the components a resume shows', () => {
  it('always the departmental one, the others only when collected, in the law’s order', () => {
    expect(shownComponents(ZERO_COMPONENTS)).toEqual(['DEPARTMENTAL']);
    expect(shownComponents({ ...ZERO_COMPONENTS, RAILWAY_LINE: 1, ILE_DE_FRANCE: 3 })).toEqual([
      'DEPARTMENTAL',
      'ILE_DE_FRANCE',
      'RAILWAY_LINE',
    ]);
  });

  it('add up kind by kind', () => {
    const a = { DEPARTMENTAL: 17, ILE_DE_FRANCE: 26, IDF_MOBILITES: 340, RAILWAY_LINE: 0 };
    expect(addComponents(a, a)).toEqual({
      DEPARTMENTAL: 34,
      ILE_DE_FRANCE: 52,
      IDF_MOBILITES: 680,
      RAILWAY_LINE: 0,
    });
  });
});

describe('a total with components', () => {
  it('adds up when it is the share plus every component, not the share plus the departmental one alone', () => {
    // Paris 2026, one person-night at 3★: 1,70 + 0,17 + 0,26 + 3,40 = 5,53 €.
    const amounts = { ...ZERO_AMOUNTS, ccAmount: 170, moselleAmount: 17, totalAmount: 553 };
    const components = { DEPARTMENTAL: 17, ILE_DE_FRANCE: 26, IDF_MOBILITES: 340, RAILWAY_LINE: 0 };
    expect(amountsMismatches(amounts, components)).toEqual([]);
    expect(amountsMismatches(amounts)).toEqual(['total']);
  });
});

describe('the reversements of a semester', () => {
  it('sum each component per beneficiary, leave out what is nothing, in the law’s order', () => {
    expect(
      reversementLines([
        { kind: 'IDF_MOBILITES', beneficiary: 'Île-de-France Mobilités', amount: 340 },
        { kind: 'DEPARTMENTAL', beneficiary: 'Département', amount: 17 },
        { kind: 'IDF_MOBILITES', beneficiary: 'Île-de-France Mobilités', amount: 680 },
        { kind: 'IDF_MOBILITES', beneficiary: 'IDFM — recettes', amount: 5 },
        { kind: 'RAILWAY_LINE', beneficiary: 'Société de projet', amount: 0 },
      ]),
    ).toEqual([
      { kind: 'DEPARTMENTAL', beneficiary: 'Département', amount: 17 },
      { kind: 'IDF_MOBILITES', beneficiary: 'IDFM — recettes', amount: 5 },
      { kind: 'IDF_MOBILITES', beneficiary: 'Île-de-France Mobilités', amount: 1_020 },
    ]);
  });
});
