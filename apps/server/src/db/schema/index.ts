// Every table of the platform, one file per area; Drizzle needs them together for its typed
// queries and drizzle-kit for migrations. Add a line here when an area adds a file.
export * from './labels';
export * from './analytics';
export * from './password-resets';
export * from './outfits';
export * from './sessions';
export * from './settings';
export * from './users';
export * from './support';
export * from './wallet';
export * from './recharge';
export * from './gift-codes';
export * from './uploads';
export * from './music';
export * from './audit';
export * from './scheduled-jobs';
export * from './account-deletions';
export * from './parental';
export * from './operator-factors';
export * from './passkeys';
export * from './operator-invitations';
