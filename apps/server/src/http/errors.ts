import { type ErrorCode, errorCatalogue, type FieldErrors } from '@sejour/domain';

/** An expected failure: becomes the envelope `{success:false, code, message}` with the catalogue's status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldErrors | undefined;

  constructor(code: ErrorCode, options: { message?: string; errors?: FieldErrors } = {}) {
    super(options.message ?? errorCatalogue[code].message);
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.errors = options.errors;
  }
}

/** A `validation_error` on named fields, e.g. `fieldError('username', '…')`. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation_error', { errors: { [field]: message } });
}

export function errorBody(code: ErrorCode, message?: string, errors?: FieldErrors) {
  return {
    success: false as const,
    code,
    message: message ?? errorCatalogue[code].message,
    ...(errors ? { errors } : {}),
  };
}
