import type { Locator, Page } from '@playwright/test';
import type { AccountName } from './accounts';
import { ACCOUNTS, expect } from './fixtures';

/**
 * The screens the accessibility test (a11y.e2e.ts) checks, each with who opens it and what shows once it has
 * loaded, and the viewports and colour schemes it checks them in.
 */

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** Ids the screens need, found or created in `beforeAll`. */
export interface Fixtures {
  hostId: number;
  adminId: number;
  archivedId: number;
  pricingId: number;
  establishmentId: number;
  declarationId: number;
}

export interface Screen {
  name: string;
  /** Who is logged in; none: the page is opened anonymously. */
  as?: AccountName;
  path: (ids: Fixtures) => string;
  /** What shows once the screen has loaded its data. */
  ready: (page: Page) => Locator;
  /** Something to do before the check (open the side bar…). */
  act?: (page: Page) => Promise<unknown>;
  only?: ViewportName;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

export const SCREENS: Screen[] = [
  { name: 'login', path: () => '/login', ready: (p) => h1(p, 'Se connecter') },
  {
    name: 'ask-reset-password',
    path: () => '/ask-reset-password',
    ready: (p) => h1(p, 'Mot de passe oublié'),
  },
  {
    name: 'activate-account (invalid link)',
    path: () => '/activate-account?token=x',
    ready: (p) => h1(p, 'Lien non valable'),
  },
  {
    name: 'confirm-email (invalid link)',
    path: () => '/confirm-email?token=x',
    ready: (p) => p.getByRole('alert'),
  },
  {
    name: 'public-form',
    path: () => '/public-form',
    ready: (p) => h1(p, 'Déclarer un hébergement'),
  },
  {
    name: 'public-form-pro',
    path: () => '/public-form-pro',
    ready: (p) => p.getByLabel('Numéro SIRET'),
  },
  {
    name: 'simulateur',
    path: () => '/simulateur',
    ready: (p) => p.getByText('Choisissez un type d’hébergement pour voir le calcul.'),
  },
  { name: '404', as: 'admin', path: () => '/404', ready: (p) => h1(p, 'Page introuvable') },
  { name: 'home', as: 'admin', path: () => '/home', ready: (p) => h1(p, /Bonjour/) },
  {
    name: 'side bar opened',
    as: 'admin',
    path: () => '/home',
    ready: (p) => h1(p, /Bonjour/),
    act: async (p) => {
      await p.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await expect(
        p.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs' }),
      ).toBeVisible();
    },
    only: 'phone',
  },
  { name: 'account', as: 'admin', path: () => '/account', ready: (p) => h1(p, 'Mon compte') },
  {
    name: 'change-requests',
    as: 'admin',
    path: () => '/change-requests',
    ready: (p) => h1(p, 'Demandes de modification'),
  },
  { name: 'users', as: 'admin', path: () => '/users', ready: (p) => p.getByRole('link', { name: /Dupont/ }) },
  { name: 'users/new', as: 'admin', path: () => '/users/new', ready: (p) => h1(p, 'Nouvel hébergeur') },
  {
    name: 'users/{id}',
    as: 'admin',
    path: (ids) => `/users/${ids.hostId}`,
    ready: (p) => h1(p, /Hébergeur Henri Dupont/),
  },
  {
    name: 'users-archive',
    as: 'admin',
    path: () => '/users-archive',
    ready: (p) => p.getByRole('link', { name: /Lambert/ }),
  },
  {
    name: 'reports',
    as: 'admin',
    path: () => '/reports',
    ready: (p) => h1(p, 'Demandes d’inscription'),
  },
  {
    name: 'admins',
    as: 'admin',
    path: () => '/admins',
    ready: (p) => p.getByRole('link', { name: ACCOUNTS.admin.username, exact: true }),
  },
  {
    name: 'admins/{id}',
    as: 'admin',
    path: (ids) => `/admins/${ids.adminId}`,
    ready: (p) => h1(p, /Administrateur/),
  },
  {
    name: 'pricings',
    as: 'admin',
    path: () => '/pricings',
    ready: (p) => p.getByRole('link', { name: /du 1 janvier 2026 au 31 décembre 2026/ }),
  },
  {
    name: 'pricings/new',
    as: 'admin',
    path: () => '/pricings/new',
    ready: (p) => h1(p, 'Nouvelle grille tarifaire'),
  },
  {
    name: 'pricings/{id}',
    as: 'admin',
    path: (ids) => `/pricings/${ids.pricingId}`,
    ready: (p) => p.getByTestId('calculator-results'),
  },
  {
    name: 'pricings/limites',
    as: 'superadmin',
    path: () => '/pricings/limites',
    ready: (p) => p.getByRole('button', { name: 'Enregistrer les limites' }),
  },
  {
    name: 'establishments',
    as: 'admin',
    path: () => '/establishments',
    // The thumbnail column shows the establishment's image.
    ready: (p) => p.getByRole('img', { name: 'Photo de l’établissement Gîte a11y' }),
  },
  {
    name: 'establishments/natures',
    as: 'admin',
    path: () => '/establishments/natures',
    // The screen's own establishment has a type and no nature: it is listed.
    ready: (p) => p.getByRole('link', { name: 'Gîte a11y' }),
  },
  {
    name: 'establishments/new',
    as: 'admin',
    path: () => '/establishments/new',
    ready: (p) => h1(p, 'Nouvel établissement'),
  },
  {
    name: 'establishments/{id}',
    as: 'admin',
    path: (ids) => `/establishments/${ids.establishmentId}`,
    // The image's preview, loaded after the form.
    ready: (p) => p.getByRole('img', { name: 'Photo de l’établissement Gîte a11y' }),
  },
  {
    name: 'establishments/{id} (host)',
    as: 'host',
    path: (ids) => `/establishments/${ids.establishmentId}`,
    ready: (p) => p.getByText('Seul un administrateur peut modifier ces informations', { exact: false }),
  },
  {
    name: 'declarations',
    as: 'admin',
    path: () => '/declarations?year=2026',
    ready: (p) => p.getByRole('row', { name: /Gîte a11y/ }),
  },
  {
    name: 'declarations (months not declared)',
    as: 'admin',
    path: () => '/declarations?vue=missing',
    ready: (p) => h1(p, 'Déclarations'),
  },
  {
    name: 'declarations/{id} (host)',
    as: 'host',
    path: (ids) => `/declarations/${ids.declarationId}`,
    ready: (p) => p.getByTestId('declaration-total'),
  },
  {
    name: 'declarations/new (host)',
    as: 'host',
    path: (ids) => `/declarations/new?establishmentId=${ids.establishmentId}&year=2026&month=2`,
    ready: (p) => p.getByTestId('declaration-total'),
  },
  {
    name: 'establishments/{id}/register (host)',
    as: 'host',
    path: (ids) => `/establishments/${ids.establishmentId}/register?year=2026&month=1`,
    ready: (p) => p.getByTestId('register-count'),
  },
  {
    name: 'establishments/{id}/register, import preview (host)',
    as: 'host',
    path: (ids) => `/establishments/${ids.establishmentId}/register?year=2026&month=1`,
    ready: (p) => p.getByTestId('register-count'),
    act: async (p) => {
      await p.getByRole('button', { name: 'Importer un fichier' }).click();
      const csv =
        'Arrivée;Départ;Personnes;Prix\n10/01/2026;12/01/2026;2;150,00\n12/01/2026;10/01/2026;2;100\n';
      await p
        .getByTestId('import-panel')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'registre.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(p.getByTestId('import-refused')).toBeVisible();
    },
  },
  {
    name: 'resume',
    as: 'admin',
    path: () => '/resume?year=2026&semester=1',
    ready: (p) => p.getByRole('table', { name: 'Résumé' }),
  },
  {
    name: 'onboarding',
    as: 'admin',
    path: () => '/onboarding',
    ready: (p) => h1(p, 'Import des hébergeurs et établissements'),
  },
  {
    name: 'settings',
    as: 'admin',
    path: () => '/settings',
    ready: (p) => p.getByLabel('Nom de la collectivité'),
  },
  {
    name: 'journal',
    as: 'admin',
    path: () => '/journal',
    // Entries with their changes: the screen's densest state.
    ready: (p) => p.getByRole('cell', { name: 'Création', exact: true }).first(),
  },
  {
    name: 'declarations/{id} history (host)',
    as: 'host',
    path: (ids) => `/declarations/${ids.declarationId}`,
    ready: (p) => p.getByTestId('audit-entry').first(),
  },
  {
    name: 'resume (host)',
    as: 'host',
    path: () => '/resume?year=2026&semester=1',
    ready: (p) => p.getByRole('table', { name: 'Résumé' }),
  },
  { name: 'home (host)', as: 'host', path: () => '/home', ready: (p) => h1(p, /Bonjour/) },
  { name: 'account (host)', as: 'host', path: () => '/account', ready: (p) => h1(p, 'Mon compte') },
];
