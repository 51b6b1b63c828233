import { ApiError } from '../api/client';
import { plainErrorReader, type ServerErrorReader } from '../ui/form/server-errors';

/** How the kit's forms read a refusal of our API: its message and its field errors. */
export const readApiError: ServerErrorReader = (error) =>
  error instanceof ApiError ? { message: error.message, errors: error.errors } : plainErrorReader(error);
