/** The errors of a write that names a person: the fields' rules, a username or an e-mail already in use. */
export const identityErrors = ['validation_error', 'username_taken', 'email_taken'] as const;
