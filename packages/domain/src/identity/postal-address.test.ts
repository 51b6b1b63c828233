import { describe, expect, it } from 'vitest';
import { hasPostalAddress, noticeAddressOf, postalAddressLines } from './postal-address';

const lilas = { address: '1 rue des Lilas', cp: '57000', city: 'Metz' };
const lac = { address: '3 chemin du Lac', cp: '57260', city: 'Dieuze' };

describe('postal addresses', () => {
  it('are complete with a street, a postal code and a city', () => {
    expect(hasPostalAddress(lilas)).toBe(true);
    expect(hasPostalAddress({ ...lilas, address: null })).toBe(false);
    expect(hasPostalAddress({ ...lilas, cp: '  ' })).toBe(false);
    expect(hasPostalAddress({ ...lilas, city: '' })).toBe(false);
  });

  it('print as a street line and a postal code with its city', () => {
    expect(postalAddressLines(lilas)).toEqual(['1 rue des Lilas', '57000 Metz']);
    expect(postalAddressLines({ address: null, cp: null, city: 'Metz' })).toEqual(['Metz']);
    expect(postalAddressLines({ address: null, cp: null, city: null })).toEqual([]);
  });

  it('on a notice fall back to the establishment’s when the provider’s is incomplete', () => {
    expect(noticeAddressOf(lilas, lac)).toEqual(['1 rue des Lilas', '57000 Metz']);
    expect(noticeAddressOf({ address: null, cp: null, city: null }, lac)).toEqual([
      '3 chemin du Lac',
      '57260 Dieuze',
    ]);
    expect(noticeAddressOf({ address: null, cp: '57000', city: 'Metz' }, lac)).toEqual([
      '3 chemin du Lac',
      '57260 Dieuze',
    ]);
  });
});
