/**
 * A host's own establishments, for the side bar. The establishments feature provides them; until it
 * exists a host has none to list.
 */
export function useOwnEstablishments(): ReadonlyArray<{ id: number; name: string }> {
  return [];
}
