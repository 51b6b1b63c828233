/** Test fixtures shared by the domain, API and browser tests: `@sejour/domain/testing`. */
export * from './pricing';
