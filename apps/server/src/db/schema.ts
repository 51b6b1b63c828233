/**
 * The database schema, one file per feature in `schema/`: the one source of the database types. Tables of
 * later features reference `users.id` with `onDelete: 'cascade'` so that deleting a provider removes
 * everything they own.
 */
export * from './schema/accounts';
export * from './schema/audit';
export * from './schema/change-requests';
export * from './schema/declarations';
export * from './schema/establishments';
export * from './schema/home';
export * from './schema/pricings';
export * from './schema/register';
export * from './schema/reports';
