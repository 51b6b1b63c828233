import { describe, expect, it } from 'vitest';
import { features } from '../features';
import { sideBarEntries } from './navigation';

const own = [
  { id: 7, name: 'Gîte des Vignes' },
  { id: 9, name: 'Hôtel du Lac' },
];

describe('the side bar', () => {
  it('gives a host Home and one entry per own establishment, nothing else', () => {
    expect(sideBarEntries(features, 'host', own).map((entry) => entry.to)).toEqual([
      '/home',
      '/establishments/7',
      '/establishments/9',
    ]);
  });

  it('gives admins their entries, and no establishment of their own', () => {
    for (const role of ['admin', 'superadmin'] as const) {
      const targets = sideBarEntries(features, role, own).map((entry) => entry.to);
      expect(targets[0]).toBe('/home');
      expect(targets).toEqual(
        expect.arrayContaining([
          '/admins',
          '/users',
          '/users-archive',
          '/declarations',
          '/pricings',
          '/resume',
        ]),
      );
      expect(targets.filter((to) => to.startsWith('/establishments/'))).toEqual([]);
    }
  });
});
