import type { Role } from '@sejour/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { trackLoad } from './feedback/pending-loads';
import { onDemand, onDemandComponent } from './on-demand';

/**
 * What a feature folder exports (`<feature>/feature.ts`) so that it registers itself: `app/features.ts`
 * lists the manifests, and the router, the route guard, the side bar and the texts are built from them.
 * Adding a feature touches its own folder and that one list (docs/architecture.md, "Adding a feature").
 */
export interface FeatureManifest {
  /** The folder's name; also the i18n namespace of its texts. */
  name: string;
  /**
   * The few texts the shell shows before any of the feature's screens loads: the side bar's labels (its
   * folder's `nav.fr-FR.json`). The rest (`fr-FR.json`) comes with the feature's code, through the hook of its
   * `texts.ts` (docs/decisions/0116-texts-per-feature.md); both fill the same namespace, `name`.
   */
  texts?: Record<string, unknown>;
  /** Pages outside the shell: open to anyone (`public`), or opening with a `token` in the link (`link`). */
  pages?: PageRoute[];
  /** Screens inside the shell, for any signed-in user. Screens are lazy: `Component: lazyScreen(() => import('./X')…)`. */
  screens?: ScreenRoute[];
  /** Screens inside the shell that only admins open: a host who types their address is sent Home. */
  adminScreens?: ScreenRoute[];
  /** Entries of the side bar, in the order shown (features are shown in the order `app/` lists them). */
  sideBar?: SideBarEntry[];
}

export type PageRoute = RouteObject & { path: string; access: 'public' | 'link' };

/**
 * What a screen shows first that needs no data — its title, and the line under it when the screen has one —
 * as i18n keys with their namespace (`declarations:list.title`). The server writes them into the page it sends
 * for the screen's address, where the screen draws them, so a phone shows them before the scripts have
 * arrived (docs/decisions/0160-screen-openings.md). A title with a value (`Bonjour {{name}}`) keeps its
 * room, unseen, until the screen draws it. Written right after the route's `path` (and `access`), in this
 * form, for the build to read it.
 */
export interface ScreenOpening {
  title: string;
  lead?: string;
}

/** A screen's route; `opening` when the screen starts with its title (see ScreenOpening). */
export type ScreenRoute = RouteObject & { opening?: ScreenOpening };

export interface SideBarEntry {
  /** The label's i18n key, with its namespace (`users:list.title`). */
  labelKey: string;
  to: string;
  icon: LucideIcon;
  /**
   * `admins`: administrators and super-administrators only. A host's side bar is Home and their own
   * establishments, nothing else: a host's own view of another screen is linked from those screens.
   */
  visibleTo: 'everyone' | 'admins';
  /**
   * A count beside the label (items waiting): a component loaded on demand, after the side bar shows, so
   * that its code is in no screen's first load. It renders nothing when there is nothing to count.
   */
  badge?: () => Promise<{ default: ComponentType }>;
}

/** Types a manifest where it is written (the folder of the feature). */
export function defineFeature(manifest: FeatureManifest): FeatureManifest {
  return manifest;
}

/** A route's component whose code downloads when first shown, or earlier when `preload` is called. */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

/**
 * A screen loaded on demand: `lazyScreen(() => import('./XPage').then((m) => m.XPage))`, made once where the
 * route is declared. The router calls `preload` of every route a location matches as it renders, so that the
 * shell and the screen download together rather than one after the other.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  // Counted while it downloads, for the navigation's progress bar.
  const screen = onDemand(() => trackLoad(load()));
  const preload = () => screen.load();
  return Object.assign(
    onDemandComponent(screen, (component) => component),
    { preload },
  );
}

/** Starts downloading a route's component if it is a `lazyScreen` (any other component is already there). */
export function preloadScreen(component: unknown): Promise<unknown> {
  const preload = (component as Partial<LazyScreen> | null | undefined)?.preload;
  return typeof preload === 'function' ? preload().catch(() => {}) : Promise.resolve();
}

/** What a screen's first reads are started with: the app's query cache, the route's parameters, who is signed in. */
export interface FirstReadsContext {
  queryClient: QueryClient;
  params: Readonly<Record<string, string | undefined>>;
  /** The address's query string (a list's filters, sort and page). */
  search: URLSearchParams;
  /** The signed-in person's role, as the stored session has it. */
  role: Role | undefined;
}

/**
 * A route's component that names the reads its first render makes (`HomePage.firstReads = …`), so that a first
 * visit starts them in the query cache before React renders (docs/decisions/0162-first-reads-before-render.md):
 * each query is already fetching when its component subscribes, or already answered.
 */
export type WithFirstReads = ComponentType & { firstReads?: (context: FirstReadsContext) => void };

/**
 * Once a route's component has downloaded, starts the reads it names; settles when it has (a failed
 * download starts nothing: the screen's boundary reports it when it renders).
 */
export async function startFirstReads(component: unknown, context: FirstReadsContext): Promise<void> {
  const lazyLoad = (component as Partial<LazyScreen> | null | undefined)?.preload;
  const loaded = typeof lazyLoad === 'function' ? await lazyLoad().catch(() => undefined) : component;
  (loaded as WithFirstReads | undefined)?.firstReads?.(context);
}
