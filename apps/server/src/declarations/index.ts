/** What other server features may use of declarations (the rest of this folder is its own). */
export { createYearCalendar, type YearCalendar } from './collection';
export { createMissingDeclarations } from './missing';
