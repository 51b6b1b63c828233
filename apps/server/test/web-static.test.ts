import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A web build as `vite build` writes it: hashed assets with their `.br` and `.gz` beside them. */
const script = `console.log(${JSON.stringify('séjour '.repeat(400))});`;
const root = mkdtempSync(join(tmpdir(), 'sejour-web-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(root, 'before-paint.js'), 'void 0;');
writeFileSync(join(root, 'assets', 'index-abc123.js'), script);
writeFileSync(join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(root, 'assets', 'index-abc123.js.gz'), gzipSync(script));
writeFileSync(join(root, 'assets', 'index-abc123.css'), 'body { margin: 0; }');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { webRoot: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the web app’s files', () => {
  it('sends a hashed asset compressed at build time, cached for a year', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('lets the logo be kept for a day, and the scripts of a fixed name not at all', async () => {
    const logo = await t.call({ method: 'GET', url: '/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
    const script = await t.call({ method: 'GET', url: '/before-paint.js' });
    expect(script.headers['cache-control']).toBe('no-cache');
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gzipped = await t.call({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await t.call({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the scripts and styles with the headers that act on them, and every header with pages and images', async () => {
    for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css', '/before-paint.js']) {
      const { headers } = await t.call({ method: 'GET', url });
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      for (const documentOnly of [
        'content-security-policy',
        'permissions-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
      ])
        expect(headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
    }
    for (const url of ['/login', '/logo.svg', '/assets/nothing-here.js']) {
      const { headers } = await t.call({ method: 'GET', url });
      expect(headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(headers['permissions-policy'], url).toContain('camera=()');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('never lets the page itself be cached, so a new version is picked up', async () => {
    const page = await t.call({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });
});

/** A build with Vite's manifest and the route list: the entry, the shell, two screens and a public page. */
const routed = mkdtempSync(join(tmpdir(), 'sejour-web-routes-'));
mkdirSync(join(routed, '.vite'));
writeFileSync(
  join(routed, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index-e1.js"></script></head><body><div id="root"><!--static-shell--><div class="static-shell"><div class="static-shell-main"><!--screen-opening--></div></div><!--/static-shell--></div></body></html>',
);
writeFileSync(
  join(routed, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js'] },
    '_react-r1.js': { file: 'assets/react-r1.js' },
    '_ui-u1.js': { file: 'assets/ui-u1.js', imports: ['_react-r1.js'], css: ['assets/ui-u1.css'] },
    'src/app/App.tsx': { file: 'assets/App-a1.js', imports: ['_react-r1.js'] },
    'src/app/shell/Shell.tsx': { file: 'assets/Shell-s1.js', imports: ['_ui-u1.js'] },
    'src/home/HomePage.tsx': {
      file: 'assets/HomePage-h1.js',
      imports: ['_ui-u1.js'],
      css: ['assets/HomePage-h1.css'],
    },
    'src/declarations/DeclarationPage.tsx': { file: 'assets/DeclarationPage-d1.js', imports: ['_ui-u1.js'] },
    'src/declarations/NewDeclarationPage.tsx': { file: 'assets/NewDeclarationPage-n1.js' },
    'src/reports/PublicFormPage.tsx': { file: 'assets/PublicFormPage-p1.js' },
  }),
);
writeFileSync(
  join(routed, '.vite', 'routes.json'),
  JSON.stringify({
    app: 'src/app/App.tsx',
    shell: 'src/app/shell/Shell.tsx',
    routes: [
      {
        path: 'home',
        source: 'src/home/HomePage.tsx',
        inShell: true,
        opening: { title: 'Bonjour', titleReserved: true, lead: 'Bienvenue <dans> l’espace & "ici"' },
      },
      {
        path: 'declarations',
        source: 'src/declarations/DeclarationPage.tsx',
        inShell: true,
        opening: { title: 'Déclarations' },
      },
      { path: 'declarations/:id', source: 'src/declarations/DeclarationPage.tsx', inShell: true },
      { path: 'declarations/new', source: 'src/declarations/NewDeclarationPage.tsx', inShell: true },
      { path: 'public-form', source: 'src/reports/PublicFormPage.tsx', inShell: false },
    ],
  }),
);

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(
    ([, rel, href]) => `${rel} ${href}`,
  );

describe('the page sent for an address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { webRoot: routed });
  });
  afterAll(async () => {
    await app.close();
    rmSync(routed, { recursive: true, force: true });
  });

  it('lists the app’s, the shell’s and the screen’s chunks to preload, not what the entry already loads', async () => {
    const page = await app.call({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(preloads(page.body)).toEqual([
      'modulepreload /assets/App-a1.js',
      'modulepreload /assets/ui-u1.js',
      'preload /assets/ui-u1.css',
      'modulepreload /assets/Shell-s1.js',
      'modulepreload /assets/HomePage-h1.js',
      'preload /assets/HomePage-h1.css',
    ]);
    expect(page.body.indexOf('HomePage-h1.js')).toBeLessThan(page.body.indexOf('</head>'));
    expect(page.body).toContain('<div class="static-shell">');
  });

  it('fetches a shell screen’s scripts and screen styles at low priority, a public page’s at the browser’s', async () => {
    const lowPriority = (html: string) =>
      [...html.matchAll(/<(?:script|link)[^>]*>/g)].map(([tag]) => tag.includes(' fetchpriority="low"'));
    const home = await app.call({ method: 'GET', url: '/home' });
    expect(home.body).toContain('<script type="module" fetchpriority="low" src="/assets/index-e1.js">');
    expect(lowPriority(home.body)).toEqual(Array(7).fill(true));
    const form = await app.call({ method: 'GET', url: '/public-form' });
    expect(lowPriority(form.body)).toEqual(Array(3).fill(false));
    const login = await app.call({ method: 'GET', url: '/login' });
    expect(login.body).not.toContain('fetchpriority');
  });

  it('matches an address with an identifier, preferring a fixed segment over a parameter', async () => {
    const detail = await app.call({ method: 'GET', url: '/declarations/42?tab=1' });
    expect(preloads(detail.body)).toContain('modulepreload /assets/DeclarationPage-d1.js');
    expect(preloads(detail.body)).not.toContain('modulepreload /assets/NewDeclarationPage-n1.js');
    const creation = await app.call({ method: 'GET', url: '/declarations/new' });
    expect(preloads(creation.body)).toContain('modulepreload /assets/NewDeclarationPage-n1.js');
    expect(preloads(creation.body)).not.toContain('modulepreload /assets/DeclarationPage-d1.js');
  });

  it('preloads a public page without the shell, and nothing more for an unknown address', async () => {
    const form = await app.call({ method: 'GET', url: '/public-form' });
    expect(preloads(form.body)).toEqual([
      'modulepreload /assets/App-a1.js',
      'modulepreload /assets/PublicFormPage-p1.js',
    ]);
    const unknown = await app.call({ method: 'GET', url: '/nowhere/at/all' });
    expect(unknown.statusCode).toBe(200);
    expect(preloads(unknown.body)).toEqual([]);
    expect(unknown.body).toContain('<div id="root"></div>');
  });

  it('shows the shell’s static frame only on an address inside the shell', async () => {
    for (const url of ['/login', '/public-form', '/', '/nowhere']) {
      const page = await app.call({ method: 'GET', url });
      expect(page.body, url).not.toContain('static-shell');
      expect(page.body, url).toContain('<div id="root"></div>');
    }
  });

  it('writes the screen’s opening into the frame, where the screen draws its title and lead', async () => {
    const home = await app.call({ method: 'GET', url: '/home' });
    expect(home.body).toContain(
      '<div class="static-shell-main"><div><h1 class="static-shell-title" data-reserved>Bonjour</h1><p class="static-shell-lead">Bienvenue &lt;dans&gt; l’espace &amp; &quot;ici&quot;</p></div></div>',
    );
    const list = await app.call({ method: 'GET', url: '/declarations' });
    expect(list.body).toContain(
      '<div class="static-shell-main"><div><h1 class="static-shell-title">Déclarations</h1></div></div>',
    );
    // A screen whose title needs its data starts with the frame alone.
    const detail = await app.call({ method: 'GET', url: '/declarations/12' });
    expect(detail.body).toContain('<div class="static-shell-main"></div>');
    expect(detail.body).not.toContain('screen-opening');
  });
});
