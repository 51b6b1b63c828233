import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImports, type SourceFile } from './import-rules';

const reasons = (path: string, text: string) => checkImports([{ path, text }]).map((v) => v.reason);
const allowed = (path: string, text: string) => expect(reasons(path, text)).toEqual([]);
const refused = (path: string, text: string, reason: RegExp) => {
  const found = reasons(path, text);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(reason);
};

describe('import rules', () => {
  it('the domain package imports no Node, database, HTTP or React module, nor the apps', () => {
    const file = 'packages/domain/src/pricing/x.ts';
    refused(file, "import { readFile } from 'node:fs/promises';", /no Node module/);
    refused(file, "import { join } from 'path';", /no Node module/);
    refused(file, "import { eq } from 'drizzle-orm';", /database/);
    refused(file, "import pg from 'pg';", /database/);
    refused(file, "import { PGlite } from '@electric-sql/pglite';", /database/);
    refused(file, "import Fastify from 'fastify';", /HTTP/);
    refused(file, "import helmet from '@fastify/helmet';", /HTTP/);
    refused(file, "import { useState } from 'react';", /React/);
    refused(file, "export { x } from '@sejour/web';", /an app/);
    refused(file, "import { x } from '../../../../apps/server/src/app';", /nothing outside itself/);
    allowed(
      file,
      "import { z } from 'zod';\nimport { parse } from 'libphonenumber-js/min';\nimport { a } from '../money/cents';",
    );
  });

  it('the UI kit imports no feature, not api/ nor app/', () => {
    refused(
      'apps/web/src/ui/table/List.tsx',
      "import { usersApi } from '../../users/api';",
      /no feature \(users\/\)/,
    );
    refused(
      'apps/web/src/ui/form/Form.tsx',
      "import { api } from '../../api/client';",
      /does not import api\//,
    );
    refused('apps/web/src/ui/x.ts', "import type { T } from '../app/theme';", /does not import app\//);
    allowed(
      'apps/web/src/ui/form/Form.tsx',
      "import { t } from '../../i18n';\nimport { f } from '../fields/dates';",
    );
  });

  it('only the kit’s form folder may import a form library: features use the kit’s hooks', () => {
    const kitOnly = /forms run on the kit alone/;
    refused('apps/web/src/pricings/PricingForm.tsx', "import { useWatch } from 'react-hook-form';", kitOnly);
    refused(
      'apps/web/src/reports/Page.tsx',
      "import type { UseFormReturn } from 'react-hook-form';",
      kitOnly,
    );
    refused(
      'apps/web/src/ui/fields/TextField.tsx',
      "import { zodResolver } from '@hookform/resolvers/zod';",
      kitOnly,
    );
    refused('apps/web/src/app/App.tsx', "import { useForm } from '@tanstack/react-form';", kitOnly);
    allowed('apps/web/src/ui/form/engine.ts', "import { useForm } from 'react-hook-form';");
    allowed('apps/web/src/pricings/PricingForm.tsx', "import { useFormValues, useKitForm } from '../ui';");
  });

  it('a feature imports no other feature and not app/, whatever its name, even lazily', () => {
    refused(
      'apps/web/src/users/Page.tsx',
      "import { AdminForm } from '../admins/AdminForm';",
      /users\/ → admins\//,
    );
    refused(
      'apps/web/src/establishments/Page.tsx',
      "const m = import('../declarations/Page');",
      /another feature/,
    );
    refused(
      'apps/web/src/users/Page.tsx',
      "import { PageLoader } from '../app/shell/PageLoader';",
      /never imports app\//,
    );
    allowed(
      'apps/web/src/users/deep/Page.tsx',
      "import { x } from '../api';\nimport { api } from '../../api/client';\nimport { useSession } from '../../session/useSession';\nimport { DataTable } from '../../ui';",
    );
  });

  it('only app/ composes the features', () => {
    allowed('apps/web/src/app/features.ts', "import { usersFeature } from '../users/feature';");
    refused('apps/web/src/session/x.ts', "import { a } from '../auth/LoginPage';", /shared/);
  });

  it("a server feature does not import another feature's routes; the apps share only the domain", () => {
    refused(
      'apps/server/src/admins/service.ts',
      "import { r } from '../pricings/routes';",
      /another feature's routes/,
    );
    refused(
      'apps/server/src/admins/x.ts',
      "import { r } from '../users/providers-routes';",
      /another feature's routes/,
    );
    allowed('apps/server/src/app.ts', "import { r } from './pricings/routes';");
    allowed('apps/server/src/admins/service.ts', "import { r } from '../users';");
    refused('apps/server/src/x/y.ts', "import { a } from '@sejour/web';", /only through @sejour\/domain/);
    refused(
      'apps/web/src/users/y.ts',
      "import { a } from '../../../server/src/db/schema';",
      /only through @sejour\/domain/,
    );
  });

  it('a web feature writes no API path and builds no URL by hand: it calls a contract', () => {
    const file = 'apps/web/src/users/api.ts';
    refused(file, "const url = '/api/users';", /writes no API path/);
    refused(file, "fetch('/api');", /writes no API path/);
    refused(file, `const url = \`/api/users/\${id}\`;`, /writes no API path/);
    refused(file, 'const url = `/api/users`;', /writes no API path/);
    refused(file, 'const r = await fetch("/api/pricings?year=2026");', /writes no API path/);
    refused(file, "import { buildUrl } from '../api/client';", /builds no URL/);
    refused(file, "import { API_BASE as base } from '../api/client';", /builds no URL/);
    refused(file, "import { pathOf } from '@sejour/domain';", /builds no URL/);
    allowed(
      file,
      `import { providersApi } from '@sejour/domain';\nimport { call } from '../api/client';\nconst a = '/users/new';\nconst b = \`/apiary/\${x}\`;\ncall(providersApi.get, { params: { id: 1 } });`,
    );
    // The client and the composition root may write them; so may the server.
    allowed('apps/web/src/api/client.ts', "export const API_BASE = '/api';");
    allowed('apps/web/src/app/x.ts', "const docs = '/api/docs';");
    allowed('apps/server/src/app.ts', "app.register(api, { prefix: '/api' });");
    // A feature's test may stand in for the server at a URL.
    allowed('apps/web/src/users/UsersPage.test.tsx', "server.answer('/api/users', []);");
  });

  it('a server feature is used by others only through its entry file; infrastructure and composition roots are open', () => {
    refused(
      'apps/server/src/home/service.ts',
      "import { m } from '../declarations/missing';",
      /only through its entry file \(home\/ → declarations\/missing\)/,
    );
    refused(
      'apps/server/src/reports/service.ts',
      "import type { R } from '../establishments/repository';",
      /entry file/,
    );
    refused('apps/server/src/home/service.ts', "const m = await import('../resume/service');", /entry file/);
    allowed('apps/server/src/home/service.ts', "import { m } from '../declarations';");
    allowed('apps/server/src/home/service.ts', "import { m } from '../declarations/index';");
    allowed('apps/server/src/home/service.ts', "import { m } from '../declarations/index.ts';");
    allowed('apps/server/src/declarations/service.ts', "import { m } from './missing';");
    allowed('apps/server/src/reports/service.ts', "import { db } from '../db/database';");
    allowed('apps/server/src/reports/service.ts', "import { hashPassword } from '../auth/passwords';");
    allowed('apps/server/src/reports/service.ts', "import { people } from '../identity/people';");
    allowed('apps/server/src/reports/service.ts', "import { recordChange } from '../audit/recorder';");
    refused('apps/server/src/reports/service.ts', "import { audit } from '../audit/service';", /entry file/);
    allowed('apps/server/src/app.ts', "import { createMonthlyReminder } from './home/reminders';");
    allowed('apps/server/src/offload/tasks.ts', "import { registerCsv } from '../register/render';");
    refused(
      'apps/server/src/offload/pool.ts',
      "import { registerCsv } from '../register/render';",
      /entry file/,
    );
  });

  it('reports the line of the import', () => {
    const files: SourceFile[] = [
      { path: 'apps/web/src/ui/a.ts', text: "import { z } from 'zod';\n\nimport { b } from '../home/b';\n" },
    ];
    expect(checkImports(files)).toEqual([
      expect.objectContaining({ file: 'apps/web/src/ui/a.ts', line: 3, specifier: '../home/b' }),
    ]);
  });
});

// Each run starts Node with tsx: seconds on a loaded machine.
describe('ownership decided once', () => {
  const check =
    "import { requireAccess } from '../auth/ownership';\nawait requireAccess(db, actor, 'stay', [id]);";

  it('refuses the ownership check in a service, however it is reached', () => {
    const found = reasons('apps/server/src/register/service.ts', check);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/decided once, by the access hook/);
    expect(
      reasons('apps/server/src/x/service.ts', "import { requireAccess as own } from '../auth/ownership';"),
    ).toHaveLength(1);
    expect(
      reasons(
        'apps/server/src/x/service.ts',
        "const o = await import('../auth/ownership');\no.requireAccess;",
      ),
    ).toHaveLength(1);
    expect(
      reasons('apps/server/src/x/index.ts', "export { requireAccess } from '../auth/ownership';"),
    ).toHaveLength(1);
  });

  it('lets the access hook call it, and services filter ids with the one set query', () => {
    allowed('apps/server/src/auth/access.ts', check);
    allowed(
      'apps/server/src/register/service.ts',
      "import { filterAccessible } from '../auth/ownership';\n// requireAccess is the hook's, not ours\n",
    );
  });
});

describe('npm run lint (scripts/check-imports.ts)', () => {
  const run = (root?: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-imports.ts', ...(root ? [root] : [])], {
      encoding: 'utf8',
    });

  it('fails on a tree with a wrong-way import, naming the file and the rule', () => {
    const root = mkdtempSync(join(tmpdir(), 'imports-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      };
      write('apps/web/src/home/HomePage.tsx', 'export const Home = () => null;\n');
      write('apps/web/src/pricings/PricingsPage.tsx', "import { Home } from '../home/HomePage';\n");
      const result = run(root);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('apps/web/src/pricings/PricingsPage.tsx:1');
      expect(result.stderr).toContain('a feature never imports another feature');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails on a tree where a feature writes an API path', () => {
    const root = mkdtempSync(join(tmpdir(), 'imports-'));
    try {
      mkdirSync(join(root, 'apps/web/src/widgets'), { recursive: true });
      writeFileSync(
        join(root, 'apps/web/src/widgets/api.ts'),
        "export const widgets = () => fetch('/api/widgets');\n",
      );
      const result = run(root);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("apps/web/src/widgets/api.ts:1  '/api/widgets'");
      expect(result.stderr).toContain('a feature writes no API path');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('passes on the repository', () => {
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);
});
