import type { OnboardingImportInput, OnboardingImportResult, OnboardingLine } from '@sejour/domain';
import { describe, expect, it } from 'vitest';
import { createdProviderIds, runImport } from './run-import';

const lines: OnboardingLine[] = Array.from({ length: 7 }, (_, i) => ({
  line: i + 2,
  cells: { email: `h${i}@exemple.fr` },
}));

/** A server that creates a provider per line, and refuses the batch holding line `failAt` as a whole. */
function server(failAt?: number) {
  const bodies: OnboardingImportInput[] = [];
  const send = async (body: OnboardingImportInput): Promise<OnboardingImportResult> => {
    bodies.push(body);
    if (body.lines.some((l) => l.line === failAt)) throw new Error('Ce lot de lignes n’a pas été importé.');
    return {
      dryRun: body.dryRun ?? false,
      lines: body.lines.map(({ line }) => ({
        line,
        status: 'created',
        provider: {
          outcome: 'created',
          id: body.dryRun ? null : line * 10,
          matchedBy: null,
          matchedLine: null,
        },
        establishment: null,
        errors: [],
      })),
      providersCreated: body.lines.length,
      establishmentsCreated: 0,
      existing: 0,
      refused: 0,
    };
  };
  return { bodies, send };
}

describe('the import, batch by batch', () => {
  it('sends every line in order, batches of the size given, and adds their answers up', async () => {
    const { bodies, send } = server();
    const progress: number[] = [];
    const report = await runImport(lines, false, send, (n) => progress.push(n), 3);
    expect(bodies.map((b) => b.lines.map((l) => l.line))).toEqual([[2, 3, 4], [5, 6, 7], [8]]);
    expect(progress).toEqual([3, 6, 7]);
    expect(report).toMatchObject({ providersCreated: 7, failed: null, notSent: 0 });
    expect(report.done).toEqual([
      { first: 2, last: 4 },
      { first: 5, last: 7 },
      { first: 8, last: 8 },
    ]);
    expect(createdProviderIds(report)).toEqual([20, 30, 40, 50, 60, 70, 80]);
  });

  it('stops at a batch refused: says which lines went in, which did not, and sends nothing after', async () => {
    const { bodies, send } = server(6);
    const report = await runImport(lines, false, send, () => {}, 3);
    expect(bodies).toHaveLength(2);
    expect(report.done).toEqual([{ first: 2, last: 4 }]);
    expect(report.failed).toEqual({ first: 5, last: 7, message: 'Ce lot de lignes n’a pas été importé.' });
    expect(report.notSent).toBe(1);
    expect(report.lines.map((l) => l.line)).toEqual([2, 3, 4]);
  });

  it('a simulation counts once what two of its batches would each create', async () => {
    const twice = [0, 1].map((i) => ({
      line: i + 2,
      cells: {
        email: 'same@exemple.fr',
        lastname: 'Martin',
        firstname: 'Claire',
        name: 'Gîte',
        numero: '57463000001AB',
      },
    }));
    const { send } = server();
    const sendWithEstablishments = async (body: OnboardingImportInput) => {
      const answer = await send(body);
      return {
        ...answer,
        establishmentsCreated: body.lines.length,
        lines: answer.lines.map((l) => ({
          ...l,
          establishment: { outcome: 'created' as const, id: null, matchedBy: null, matchedLine: null },
        })),
      };
    };
    const report = await runImport(twice, true, sendWithEstablishments, () => {}, 1);
    expect(report).toMatchObject({ providersCreated: 1, establishmentsCreated: 1, existing: 1 });
    expect(report.lines[1]).toMatchObject({
      status: 'existing',
      provider: { outcome: 'existing', matchedBy: 'line', matchedLine: 2 },
      establishment: { outcome: 'existing', matchedBy: 'line', matchedLine: 2 },
    });
  });

  it('a simulation invites no one', async () => {
    const { send } = server();
    const report = await runImport(lines, true, send, () => {}, 3);
    expect(report.dryRun).toBe(true);
    expect(createdProviderIds(report)).toEqual([]);
  });
});
