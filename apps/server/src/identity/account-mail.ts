/** What managing people needs of the account mails (src/account): the activation link of a new account. */
export interface AccountMail {
  /** Sends the activation link; failures are logged and retried by the mail module, never thrown. */
  sendActivation(userId: number): Promise<void>;
}
