/**
 * The account page's query keys, shared by each read and the writes that make it out of date, all
 * keyed by whose session asks (`viewer`).
 */
export const accountDataKeys = {
  deletion: (viewer: string) => ['account-data', 'deletion', viewer] as const,
  /** Whether a parent manages the account (issue 32). */
  parentLink: (viewer: string) => ['account-data', 'parent', viewer] as const,
  /** The player's passkeys (issue 30). */
  passkeys: (viewer: string) => ['account-data', 'passkeys', viewer] as const,
};
