import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/database';

/** One node of `EXPLAIN (FORMAT JSON)`. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/**
 * The statement with its parameters written in: EXPLAIN takes no bind parameters on PGlite's simple protocol.
 * Only the test's own known values go through here.
 */
export function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const value = params[Number(i) - 1];
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}

/** The planner's plan of the very statement the API runs (not executed). */
export async function explainJson(
  database: DatabaseHandle,
  statement: { sql: string; params: unknown[] },
): Promise<PlanNode> {
  const result = (await database.db.execute(
    sql.raw(`EXPLAIN (FORMAT JSON) ${inline(statement.sql, statement.params)}`),
  )) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const json = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  const plan = json[0]?.Plan;
  if (!plan) throw new Error('EXPLAIN gave no plan');
  return plan;
}

/** The node and every node below it. */
export function* planNodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* planNodes(child);
}

/** The plan as indented lines (node, index or table, conditions, estimated rows), for a failure's message. */
export function planText(node: PlanNode, depth = 0): string {
  const what = [
    node['Node Type'],
    node['Index Name'] ?? node['Relation Name'],
    node['Index Cond'],
    node.Filter,
  ]
    .filter(Boolean)
    .join(' ');
  return [
    `${'  '.repeat(depth)}${what} rows=${node['Plan Rows']}`,
    ...(node.Plans ?? []).map((c) => planText(c, depth + 1)),
  ].join('\n');
}

/** Whether a scan reads one provider's or one establishment's declarations only, through an index. */
function pinnedToOneOwner(scan: PlanNode): boolean {
  const conditions = [...planNodes(scan)]
    .map((n) => `${n['Index Cond'] ?? ''} ${n['Recheck Cond'] ?? ''}`)
    .join(' ');
  return /\b(user_id|establishment_id) = /.test(conditions);
}

/** Whether the node reads many declarations: a scan of the table not limited to one owner's rows. */
function scansDeclarations(node: PlanNode): boolean {
  return [...planNodes(node)].some((n) => n['Relation Name'] === 'declarations' && !pinnedToOneOwner(n));
}

function hasLimit(node: PlanNode): boolean {
  return [...planNodes(node)].some((n) => n['Node Type'] === 'Limit');
}

/**
 * The sorts of a plan that sort declarations by the set rather than by the page — what an index-backed list
 * must never have. Precisely, a node is offending when it is:
 * - a `Sort` that reads the declarations table with no `Limit` below it. Fine: a `Sort` over a set some
 *   `Limit` already cut; over another table's rows (e.g. the register files of a merge join); over one
 *   provider's or one establishment's declarations read through an index on `user_id` / `establishment_id`
 *   (a host's own rows, a few hundred at most);
 * - an `Incremental Sort` whose presorted key is not the establishment's name: walking establishments by name,
 *   it sorts each establishment's declarations (twelve a year) and stops with the page; a group of equal
 *   amount, type or provider could be thousands of rows.
 */
export function sortsOverDeclarations(plan: PlanNode): PlanNode[] {
  return [...planNodes(plan)].filter((node) => {
    if (node['Node Type'] === 'Sort')
      return scansDeclarations(node) && !hasLimit({ ...node, 'Node Type': '' });
    if (node['Node Type'] === 'Incremental Sort') {
      const presorted = (node['Presorted Key'] as string[] | undefined) ?? [];
      // The page's inner query names its tables apart from the outer query's (`establishments_1`).
      return !presorted.some((key) => /establishments(?:_\d+)?\.name$/.test(key));
    }
    return false;
  });
}
