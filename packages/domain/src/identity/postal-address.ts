/** A postal address as providers and establishments keep it: each part may be missing. */
export interface PostalAddress {
  address: string | null;
  cp: string | null;
  city: string | null;
}

const filled = (part: string | null | undefined) => (part ?? '').trim() !== '';

/** Whether a letter can reach it: a street, a postal code and a city. */
export function hasPostalAddress(place: PostalAddress): boolean {
  return filled(place.address) && filled(place.cp) && filled(place.city);
}

/** The address as printed under a name: the street, then the postal code and the city. */
export function postalAddressLines(place: PostalAddress): string[] {
  return [place.address?.trim() ?? '', [place.cp, place.city].filter(filled).join(' ').trim()].filter(
    (line) => line !== '',
  );
}

/**
 * Where a notice is sent: the provider's own address when it is complete, else their establishment's (every
 * establishment has one), so that no notice goes out with a name alone.
 */
export function noticeAddressOf(provider: PostalAddress, establishment: PostalAddress | null): string[] {
  if (hasPostalAddress(provider) || !establishment) return postalAddressLines(provider);
  return postalAddressLines(establishment);
}
