/** What other server features may use of change requests (the rest of this folder is its own). */
export type { ChangeRequestsService } from './service';
