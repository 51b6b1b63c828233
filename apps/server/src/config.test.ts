import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('reads the PostgreSQL pool size through the validated schema, 10 by default', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
  });

  it('refuses a pool size that is not a positive whole number, naming the variable', () => {
    for (const wrong of ['abc', '0', '2.5']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: wrong })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
