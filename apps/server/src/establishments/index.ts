/** What other server features may use of establishments (the rest of this folder is its own). */
export { createEstablishmentsRepository } from './repository';
