/** The person a mail greets: first and last name when known, else the username they log in with. */
export function addresseeName(user: {
  username: string;
  firstname: string | null;
  lastname: string | null;
}): string {
  return [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;
}
