import './validation/zod-locale';

export * from './app';
export * from './errors';
export * from './users/roles';
export * from './users/schemas';
export * from './validation/fields';
export * from './validation/messages';
