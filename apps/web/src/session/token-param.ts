/** The `token` query parameter of a link (activation, reset, or a session handed over). */
export function tokenFromSearch(search: string): string | null {
  return new URLSearchParams(search).get('token');
}

/** The same query without its `token` (`''` when nothing is left). */
export function searchWithoutToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
