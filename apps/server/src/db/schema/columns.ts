import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes (files are kept in the database: one backup holds everything, a cascade leaves no orphan). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
