/** The `token` query parameter of a link (activation, reset, or a session handed over). */
export function tokenFromSearch(search: string): string | null {
  return new URLSearchParams(search).get('token');
}
