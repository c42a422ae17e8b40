/** What an account is: a player, a creator (uploads songs and outfits) or an operator (the console). */
export const USER_ROLES = ['player', 'creator', 'operator'] as const;
export type UserRole = (typeof USER_ROLES)[number];
