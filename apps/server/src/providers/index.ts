/** What other server features may use of providers (the rest of this folder is its own). */
export { createProvidersService } from './service';
