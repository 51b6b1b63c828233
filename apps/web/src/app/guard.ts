/**
 * The route guard of spec §2. Public: Login and AskResetPassword (the spec's PublicForm and PublicFormPro
 * are tolerated names with no route); /404 too, so that a broken link shows its page, not the login form.
 */
export const PUBLIC_PATHS = ['/login', '/ask-reset-password', '/404'] as const;

export function isPublicPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}

/**
 * The pages a link in an e-mail opens. Spec §2: they need "a token in the link or an existing session" —
 * with a token in the link they open even when it has expired, so that the page can say so.
 */
export const LINK_PATHS = ['/activate-account', '/reset-password'] as const;

export function isLinkWithToken(pathname: string, search: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (LINK_PATHS as readonly string[]).includes(path) && Boolean(tokenFromSearch(search));
}

/** The `token` query parameter of a link (activation, reset, or a session handed over). */
export function tokenFromSearch(search: string): string | null {
  return new URLSearchParams(search).get('token');
}
