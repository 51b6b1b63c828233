/** What other server features may use of establishments (the rest of this folder is its own). */
export { natureColumnsOf } from './nature';
export { createEstablishmentsRepository } from './repository';
export { createEstablishmentsService } from './service';
