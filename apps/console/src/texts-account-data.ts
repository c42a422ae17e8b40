/**
 * The console's texts for account deletions (issue 20; English-only, like texts.ts, and kept apart
 * so the sections other work adds there do not collide with these).
 */
export const ACCOUNT_DATA_TEXTS = {
  nav: { deletions: 'Account deletions' },
  heading: 'Account deletions',
  intro:
    'Players who asked to delete their account. Signing in within 30 days cancels the request; after that the sweep erases the profile, e-mail, sessions, songs and outfits, and keeps orders and ledger entries under the pseudonym deleted-<account ID>. Find them in Orders by account ID.',
  pendingHeading: 'Pending',
  pendingNone: 'No deletion is pending.',
  completedHeading: 'Completed (latest 50)',
  completedNone: 'No account has been deleted yet.',
  columns: { uid: 'Account ID', userName: 'User name', requested: 'Requested', due: 'Erased after', completed: 'Erased' },
};
