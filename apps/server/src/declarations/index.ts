/** What other server features may use of declarations (the rest of this folder is its own). */
export { createCollectionCalendar } from './collection';
export { createMissingDeclarations } from './missing';
export { createRegimeCalendar } from './regime-calendar';
