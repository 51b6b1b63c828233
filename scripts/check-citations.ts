/**
 * `npm run lint` step: fails when a tracked source or document cites the spec, the design or an issue by
 * number (scripts/citation-rule.ts). `tsx scripts/check-citations.ts` from the repository root.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { citationsIn } from './citation-rule';

const files = execFileSync(
  'git',
  ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.md', '*.css'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => file && !file.startsWith('scripts/citation-rule'));

let count = 0;
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  for (const citation of citationsIn(text)) {
    count += 1;
    console.error(
      `${file}:${citation.line}  "${citation.text}": state the rule, or point to docs/decisions/`,
    );
  }
}
if (count > 0) {
  console.error(`\n${count} citation(s) of documents outside the repository`);
  process.exit(1);
}
console.log(`Citations: ${files.length} files checked, none cites the spec, the design or an issue.`);
