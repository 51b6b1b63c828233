import { describe, expect, it } from 'vitest';
import { csvEuros } from '../csv/csv';
import { parseCellBoolean, parseCellDate, parseCellEuros, parseCellReason } from './cells';
import {
  guessColumnMapping,
  missingColumns,
  previewStayImport,
  previewStayImportInChunks,
  STAY_COLUMN_LABELS,
  STAY_COLUMNS,
  STAY_TEMPLATE_EXAMPLES,
  stayImportBody,
  withServerErrors,
} from './import';

describe('reading cells the French way', () => {
  it('reads dates as French spreadsheets write them', () => {
    expect(parseCellDate('05/06/2026')).toBe('2026-06-05');
    expect(parseCellDate('5/6/26')).toBe('2026-06-05');
    expect(parseCellDate('05.06.2026')).toBe('2026-06-05');
    expect(parseCellDate('2026-06-05')).toBe('2026-06-05');
    expect(parseCellDate(46178)).toBe('2026-06-05');
    expect(parseCellDate(new Date(Date.UTC(2026, 5, 5)))).toBe('2026-06-05');
    expect(parseCellDate('31/06/2026')).toBeNull();
    expect(parseCellDate('juin')).toBeNull();
  });

  it('reads euros with a decimal comma, spaces and a sign', () => {
    expect(parseCellEuros('1 234,56')).toBe(123_456);
    expect(parseCellEuros('1\u00a0234,5 €')).toBe(123_450);
    expect(parseCellEuros('99.9')).toBe(9_990);
    expect(parseCellEuros(120.5)).toBe(12_050);
    expect(parseCellEuros('12,345')).toBeNaN();
    expect(parseCellEuros('')).toBeNull();
  });

  it('reads yes/no and reasons in words', () => {
    expect(parseCellBoolean('Oui')).toBe(true);
    expect(parseCellBoolean('')).toBe(false);
    expect(parseCellBoolean('peut-être')).toBeNull();
    expect(parseCellReason('Mineurs')).toBe('MINOR');
    expect(parseCellReason('saisonnier')).toBe('SEASONAL_WORKER');
    expect(parseCellReason('Loyer modique')).toBe('LOW_RENT');
    expect(parseCellReason('')).toBeNull();
    expect(parseCellReason('vacances')).toBeUndefined();
  });
});

describe('columns', () => {
  it('recognises French column names whatever their accents and case', () => {
    const mapping = guessColumnMapping([
      'Date d’arrivée',
      'DÉPART',
      'Nombre de personnes',
      'Exonérés',
      'Motif',
      'Prix HT',
      'Plateforme',
      'Réf',
    ]);
    expect(mapping).toEqual({
      arrival: 0,
      departure: 1,
      persons: 2,
      exempted: 3,
      exemptionReason: 4,
      price: 5,
      platform: 6,
      reference: 7,
    });
    expect(missingColumns(guessColumnMapping(['Nom', 'Arrivée']))).toEqual(['departure', 'persons', 'price']);
  });
});

describe('the preview of a file', () => {
  const mapping = guessColumnMapping(['Arrivée', 'Départ', 'Personnes', 'Exonérés', 'Motif', 'Prix']);

  it('reads every line, refuses the wrong ones with their reasons, lists the months changed', () => {
    const preview = previewStayImport(
      [
        ['28/06/2026', '02/07/2026', '2', '0', '', '400,00'],
        ['', '', '', '', '', ''],
        ['10/06/2026', '08/06/2026', '2', '0', '', '100'],
        ['10/06/2026', '12/06/2026', 'deux', '1', 'vacances', '100'],
        ['01/05/2026', '03/05/2026', '3', '1', 'Mineur', '150,5'],
      ],
      mapping,
    );
    expect(preview.valid).toBe(2);
    expect(preview.refused).toBe(2);
    expect(preview.months).toEqual(['2026-05', '2026-06', '2026-07']);
    expect(preview.lines.filter((l) => !l.ok)).toEqual([
      {
        line: 4,
        ok: false,
        errors: ['Départ : La date de départ doit être postérieure à la date d’arrivée.'],
      },
      {
        line: 5,
        ok: false,
        errors: [
          'Personnes : « deux » n’est pas un nombre entier.',
          'Motif d’exonération : « vacances » n’est pas un motif connu (mineur, saisonnier, urgence, loyer modique).',
        ],
      },
    ]);
    expect(preview.lines[0]).toMatchObject({
      line: 2,
      ok: true,
      stay: { arrival: '2026-06-28', price: 40_000 },
    });
  });
});

describe('the preview a chunk at a time, as the import screen reads a file', () => {
  const mapping = guessColumnMapping(['Arrivée', 'Départ', 'Personnes', 'Prix']);
  const rows = Array.from({ length: 1_203 }, (_, i) =>
    i % 100 === 7
      ? ['', '', '', '']
      : i % 250 === 3
        ? ['x', '02/07/2026', '2', '10']
        : ['01/07/2026', '03/07/2026', '2', `${i}`],
  );

  it('says how many lines it has read after each chunk, and ends with the whole preview', () => {
    const steps = previewStayImportInChunks(rows, mapping, 500);
    const progress: number[] = [];
    let step = steps.next();
    while (!step.done) {
      progress.push(step.value);
      step = steps.next();
    }
    expect(progress).toEqual([500, 1_000]);
    expect(step.value).toEqual(previewStayImport(rows, mapping));
    expect(step.value.lines).toHaveLength(1_203 - 12);
    expect(step.value.refused).toBe(5);
    expect(step.value.lines.at(-1)?.line).toBe(1_204);
  });

  it('adds the server’s refusals to the lines they name, and sends the lines read with their numbers', () => {
    const preview = previewStayImport(rows.slice(0, 6), mapping);
    expect(stayImportBody(preview, true)).toMatchObject({ lines: [2, 3, 4, 6, 7], dryRun: true });
    const refused = withServerErrors(preview, {
      'stays.3': 'Le mois de juillet 2026 est déclaré.',
      'stays.5.arrival': 'Encore une raison.',
      'stays.99': 'Aucune ligne 99.',
    });
    expect(refused.lines.find((l) => l.line === 3)).toEqual({
      line: 3,
      ok: false,
      errors: ['Le mois de juillet 2026 est déclaré.'],
    });
    expect(refused.lines.find((l) => l.line === 5)).toMatchObject({ ok: false });
    expect((refused.lines.find((l) => l.line === 5) as { errors: string[] }).errors).toHaveLength(2);
    expect([refused.valid, refused.refused]).toEqual([4, 2]);
    expect(preview.refused).toBe(1);
    expect(stayImportBody(refused, false).lines).toEqual([2, 4, 6, 7]);
  });
});

describe('the import template', () => {
  it('has every column under a name the import recognises, and example lines it accepts', () => {
    const headers = STAY_COLUMNS.map((column) => STAY_COLUMN_LABELS[column]);
    const mapping = guessColumnMapping(headers);
    expect(mapping).toEqual(Object.fromEntries(STAY_COLUMNS.map((column, index) => [column, index])));
    const asCsv = STAY_TEMPLATE_EXAMPLES.map((line) =>
      STAY_COLUMNS.map((column) => (column === 'price' ? csvEuros(line.price) : String(line[column]))),
    );
    const asXlsx = STAY_TEMPLATE_EXAMPLES.map((line) =>
      STAY_COLUMNS.map((column) => (column === 'price' ? line.price / 100 : line[column])),
    );
    for (const rows of [asCsv, asXlsx]) {
      const preview = previewStayImport(rows, mapping);
      expect(preview.refused, JSON.stringify(preview.lines)).toBe(0);
      expect(preview.valid).toBe(STAY_TEMPLATE_EXAMPLES.length);
    }
  });
});
