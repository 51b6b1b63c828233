import { describe, expect, it } from 'vitest';
import { citationsIn } from './citation-rule';

describe('citations of documents outside the repository', () => {
  it('finds spec and design sections and issue numbers, with their line', () => {
    const text =
      '/** A toast (spec §4): lives 5 s. */\n// see Design §7\n// done in issue 5, and Issue #12\n// the spec’s §5';
    expect(citationsIn(text)).toEqual([
      { line: 1, text: 'spec §4' },
      { line: 2, text: 'Design §7' },
      { line: 3, text: 'issue 5' },
      { line: 3, text: 'Issue #12' },
      { line: 4, text: 'spec’s §5' },
    ]);
  });

  it('lets the rule itself, decision records and plain words pass', () => {
    expect(citationsIn("// decision 0103; the spec's required message; an issue with the form")).toEqual([]);
  });
});
