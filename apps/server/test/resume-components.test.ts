import { COMPONENT_KINDS, componentInfo } from '@sejour/domain';
import { describe, expect, it } from 'vitest';
import { expectError } from './helpers/pricings';
import { useComponentsScene } from './helpers/resume-components';

/** A Paris-like host and a Moselle-like one, their declarations per component (helpers/resume-components.ts). */
const { t, scene, OTHERS, stored, sums, firstSemester } = useComponentsScene();

describe('the resume per component', () => {
  it('sums each component to the cent, per establishment, provider and semester, beside the specification’s amounts', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/resume?year=2026&semester=1',
      token: scene.tokens.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const resume = response.json().data;
    const all = await stored(firstSemester);
    expect(resume.componentTotals).toEqual(sums(all));
    expect(resume.totals.moselleAmount).toBe(resume.componentTotals.DEPARTMENTAL);
    expect(resume.shownComponents).toEqual(COMPONENT_KINDS);
    const hostA = resume.providers.find((p: { userId: number }) => p.userId === scene.ids.hostA);
    expect(hostA.componentTotals).toEqual(
      sums(await stored((d) => firstSemester(d) && d.userId === scene.ids.hostA)),
    );
    expect(hostA.rows[0].components).toEqual(hostA.componentTotals);
    // Every total still adds up: the collectivity's share and every component.
    const componentSum = COMPONENT_KINDS.reduce((s, kind) => s + resume.componentTotals[kind], 0);
    expect(resume.totals.totalAmount).toBe(resume.totals.ccAmount + componentSum);
  });

  it('shows only the departmental component where nothing else was collected', async () => {
    const own = (
      await t.call({ method: 'GET', url: '/api/resume?year=2026&semester=1', token: scene.tokens.hostB })
    ).json().data;
    expect(own.shownComponents).toEqual(['DEPARTMENTAL']);
    expect(own.componentTotals).toEqual(
      sums(await stored((d) => firstSemester(d) && d.userId === scene.ids.hostB)),
    );
  });
});

describe('the reversements', () => {
  it('give, per semester and beneficiary, what was collected on its behalf, with the deliberation’s names', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/resume/reversements?year=2026',
      token: scene.tokens.admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { semesters } = response.json().data;
    expect(semesters.map((s: { semester: number }) => s.semester)).toEqual([1, 2]);
    const first = sums(await stored(firstSemester));
    const second = sums(await stored((d) => d.year === 2026 && d.month > 6));
    expect(semesters[0].lines).toEqual([
      { kind: 'DEPARTMENTAL', beneficiary: 'Département', amount: first.DEPARTMENTAL },
      { kind: 'ILE_DE_FRANCE', beneficiary: 'Société des grands projets', amount: first.ILE_DE_FRANCE },
      { kind: 'IDF_MOBILITES', beneficiary: 'IDFM — service des recettes', amount: first.IDF_MOBILITES },
      {
        kind: 'RAILWAY_LINE',
        beneficiary: componentInfo.RAILWAY_LINE.beneficiary,
        amount: first.RAILWAY_LINE,
      },
    ]);
    expect(semesters[0].totalAmount).toBe(COMPONENT_KINDS.reduce((s, kind) => s + first[kind], 0));
    expect(semesters[1].lines.map((l: { amount: number }) => l.amount)).toEqual(
      COMPONENT_KINDS.map((kind) => second[kind]),
    );
    expect(first.IDF_MOBILITES).toBe(OTHERS.parisJan.IDF_MOBILITES + OTHERS.parisFeb.IDF_MOBILITES);

    const one = (
      await t.call({
        method: 'GET',
        url: '/api/resume/reversements?year=2026&semester=2',
        token: scene.tokens.admin,
      })
    ).json().data;
    expect(one.semesters).toEqual([semesters[1]]);
  });

  it('export as CSV, and are the admins’ only', async () => {
    const csv = await t.call({
      method: 'GET',
      url: '/api/resume/reversements.csv?year=2026&semester=1',
      token: scene.tokens.admin,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Année;Semestre;Composante;Fondement légal;Bénéficiaire;Montant (€)');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe(
      `2026;1er semestre (janvier – juin);${componentInfo.IDF_MOBILITES.label};"CGCT, art. L2531-18";IDFM — service des recettes;${(
        (OTHERS.parisJan.IDF_MOBILITES + OTHERS.parisFeb.IDF_MOBILITES) /
        100
      )
        .toFixed(2)
        .replace('.', ',')}`,
    );
    for (const url of ['/api/resume/reversements?year=2026', '/api/resume/reversements.csv?year=2026'])
      expectError(await t.call({ method: 'GET', url, token: scene.tokens.hostA }), 403, 'forbidden');
  });
});

describe('the dashboard', () => {
  it('gives the twelve months’ amount of each component', async () => {
    const response = await t.call({ method: 'GET', url: '/api/home/dashboard', token: scene.tokens.admin });
    expect(response.statusCode, response.body).toBe(200);
    // The August declaration lies ahead of the clock, outside the last twelve months.
    expect(response.json().data.byComponent).toEqual(
      sums(await stored((d) => d.year === 2026 && d.month <= 3)),
    );
  });

  it('gives the twelve months’ exempted person-nights by reason, and those recorded without one', async () => {
    const response = await t.call({ method: 'GET', url: '/api/home/dashboard', token: scene.tokens.admin });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await stored((d) => d.year === 2026 && d.month <= 3);
    const withoutReason = rows
      .filter((d) => d.exemptedMinor === null)
      .reduce((sum, d) => sum + d.exemptedCount, 0);
    expect(withoutReason).toBeGreaterThan(0);
    expect(response.json().data.exempted).toEqual({
      byReason: { MINOR: 10, SEASONAL_WORKER: 3, EMERGENCY_REHOUSING: 0, LOW_RENT: 2 },
      withoutReason,
    });
  });
});
