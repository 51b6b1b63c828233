/** What other server features may use of declarations (the rest of this folder is its own). */
export { createMissingDeclarations } from './missing';
export { createCollectionCalendar } from './collection';
