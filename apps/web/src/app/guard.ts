/**
 * The route guard of spec §2. Public: Login and AskResetPassword (the spec's PublicForm and PublicFormPro
 * are tolerated names with no route); /404 too, so that a broken link shows its page, not the login form.
 */
export const PUBLIC_PATHS = ['/login', '/ask-reset-password', '/404'] as const;

export function isPublicPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}

/** The `token` query parameter of a link (activation, reset, or a session handed over). */
export function tokenFromSearch(search: string): string | null {
  return new URLSearchParams(search).get('token');
}
