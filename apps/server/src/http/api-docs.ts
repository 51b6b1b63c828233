import { allApis, COMMON_ERRORS, errorCatalogue, errorCodesOf, type RouteContract } from '@sejour/domain';

const common = new Set<string>(COMMON_ERRORS);

const TITLES: Record<string, string> = {
  health: 'Health',
  auth: 'Session and own account — decision 0003',
  account: 'Account lifecycle (activation, password reset) — decision 0102',
  providers: 'Providers (hébergeurs) — decision 0004',
  admins: 'Administrators — decision 0004',
  pricings: 'Pricings (tarifs) — docs/features/pricings.md',
};

function accessText(contract: RouteContract): string {
  const { access } = contract;
  return typeof access === 'object' ? `${access.purpose} link` : access;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** What the `:id` names, then the ids the body or query carries (`establishmentId → establishment`). */
function ownsText(contract: RouteContract): string {
  const inputs = Object.entries(contract.ownsInput ?? {}).map(([field, kind]) => `\`${field}\` → ${kind}`);
  const parts = [...(contract.owns ? [contract.owns] : []), ...inputs];
  return parts.length > 0 ? parts.join(', ') : '—';
}

function row(contract: RouteContract): string {
  const codes = errorCodesOf(contract)
    .filter((code) => !common.has(code))
    .map((code) => `\`${code}\` (${errorCatalogue[code].status})`)
    .join(', ');
  return `| ${[
    contract.method,
    `\`${contract.path}\``,
    accessText(contract),
    ownsText(contract),
    cell(contract.summary),
    codes || '—',
  ].join(' | ')} |`;
}

/** `docs/api.md`, from the route contracts (`npm run docs:api` writes it; a test checks it is current). */
export function renderApiDocs(): string {
  const lines = [
    '# API',
    '',
    '<!-- Generated from the route contracts of packages/domain by `npm run docs:api`: do not edit. -->',
    '',
    'Base path `/api`; JSON bodies; the token in `Authorization` (raw or `Bearer`). Every answer is the envelope',
    '`{ success, data?, meta?, code?, message?, errors? }`; `errors` maps a field path to its first French message.',
    'Lists (`meta`) take `?q=&sort=field:asc,field2:desc&limit=&offset=`; `&total=false` answers the page',
    'alone (`meta.total` null), for a client turning the pages of a list it has counted. A list that bounds its',
    'count (declarations: at 10 000) answers, when it holds more, `total` = the bound and `totalIsLowerBound: true`.',
    'The full schemas are in',
    'the OpenAPI document served at `/api/docs`. *Owns*: what the `:id` names — the server checks the caller may touch it',
    'before the handler runs (`not_found` otherwise, as for a missing id); `self` = the caller’s own account;',
    '`shared` = readable by everyone the access rule lets in; `field` → kind: an id of the body or query checked',
    'the same way, a list’s filter included. Besides the codes listed, any route may answer',
    `${COMMON_ERRORS.map((code) => `\`${code}\``).join(', ')}.`,
  ];
  for (const [name, api] of Object.entries(allApis)) {
    lines.push(
      '',
      `## ${TITLES[name] ?? name}`,
      '',
      '| Method | Path | Access | Owns | Summary | Error codes |',
      '|---|---|---|---|---|---|',
    );
    for (const contract of Object.values(api)) lines.push(row(contract));
  }
  return `${lines.join('\n')}\n`;
}
