import { tokenFromSearch } from '../session/token-param';
import { features } from './features';

const pagePaths = (access: 'public' | 'link') =>
  features
    .flatMap((feature) => (feature.pages ?? []).filter((p) => p.access === access))
    .map((p) => `/${p.path}`);

/**
 * Pages anyone opens: the features' public pages (Login, AskResetPassword) and /404, so that a broken link
 * (or an unknown path) shows the not-found page rather than the login form. Rules: docs/decisions/0005.
 */
export const PUBLIC_PATHS: readonly string[] = [...pagePaths('public'), '/404'];

/**
 * The pages a link in an e-mail opens. They need a token in the link or an existing session: with a token
 * in the link they open even when it has expired, so that the page can say so.
 */
export const LINK_PATHS: readonly string[] = pagePaths('link');

/** The id of the catch-all route: an unknown path goes to the public 404 page, signed in or not. */
export const UNKNOWN_PATH_ROUTE_ID = 'unknown-path';

const normalise = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(normalise(pathname));
}

/** Whether the path is one of the pages an e-mail link opens. */
export function isLinkPath(pathname: string): boolean {
  return LINK_PATHS.includes(normalise(pathname));
}

export function isLinkWithToken(pathname: string, search: string): boolean {
  return LINK_PATHS.includes(normalise(pathname)) && Boolean(tokenFromSearch(search));
}
