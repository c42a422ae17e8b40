import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { signed } from './signed';
import { BIGINT_ID_MAX, UID_MAX } from '../integers';
import { ReplacedSubmissionSchema } from './outfits';
import { REJECTION_CATEGORIES, REVIEW_BULK_MAX, REVIEW_KINDS, REVIEW_NOTE_MAX } from '../review-reasons';

/**
 * Operator console calls (issue 10): the review queue, user lookup and moderation, the audit log.
 * Every route is signed and answers only an operator's session (40300 for anyone else).
 */

export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const REVIEW_REASON_MAX = REVIEW_NOTE_MAX;

/** Who reviews a queue item now, until when (a claim past its end is free to take). */
export const ReviewClaimSchema = Type.Union(
  [
    Type.Object({
      uid: Type.Integer({ description: "the operator's account ID" }),
      userName: Type.String(),
      until: Type.Integer({ description: 'ms since the epoch' }),
    }),
    Type.Null(),
  ],
  { description: 'the live claim; null when nobody reviews it' },
);
export type ReviewClaim = Static<typeof ReviewClaimSchema>;

export const ConsoleMusicItemSchema = Type.Object({
  id: Type.Integer(),
  uid: Type.Integer({ description: 'the account that submitted it' }),
  userName: Type.String(),
  songName: Type.String(),
  singer: Type.String(),
  language: Type.String(),
  durationSeconds: Type.Number(),
  size: Type.Integer({ description: 'bytes' }),
  url: Type.String({ description: 'where the stored file is served (play it in the page)' }),
  createdAt: Type.Integer({ description: 'ms since the epoch' }),
  resubmitOf: Type.Union([Type.Integer(), Type.Null()], { description: 'the rejected song this one replaces' }),
  replaces: ReplacedSubmissionSchema,
  claim: ReviewClaimSchema,
});
export type ConsoleMusicItem = Static<typeof ConsoleMusicItemSchema>;

export const ConsoleOutfitItemSchema = Type.Object({
  id: Type.Integer(),
  uid: Type.Integer(),
  userName: Type.String(),
  gender: Type.String(),
  componentType: Type.String(),
  size: Type.Integer({ description: 'bytes' }),
  url: Type.String({ description: 'where the stored outfit archive (zip) is served, for the 3D preview' }),
  createdAt: Type.Integer({ description: 'ms since the epoch' }),
  resubmitOf: Type.Union([Type.Integer(), Type.Null()], { description: 'the rejected outfit this one fixes' }),
  replaces: ReplacedSubmissionSchema,
  claim: ReviewClaimSchema,
});
export type ConsoleOutfitItem = Static<typeof ConsoleOutfitItemSchema>;

/** Pending music and outfits, oldest first (first in, first reviewed). */
export const consoleReviewQueuePath = '/v1/console/review/queue';
export const ReviewQueueQuery = signed({});
export const ReviewQueueSchema = Type.Object({
  music: Type.Array(ConsoleMusicItemSchema),
  outfits: Type.Array(ConsoleOutfitItemSchema),
  now: Type.Integer({ description: "the server's time (ms since the epoch), to show waiting times and claims" }),
});
export type ReviewQueue = Static<typeof ReviewQueueSchema>;
export const ReviewQueueResponse = Ok(ReviewQueueSchema);

export const RejectionCategorySchema = Type.Enum(REJECTION_CATEGORIES, { description: 'why it was rejected, from the fixed list the creator reads with its fix in their language' });

/**
 * Approve, or reject with a category (required; a song takes inappropriate_content, copyright or
 * other) and an optional note; the creator sees both in their table with how to fix it.
 */
export const consoleReviewMusicPath = '/v1/console/review/music';
export const consoleReviewOutfitPath = '/v1/console/review/outfit';
export const ReviewDecisionBody = signed({
  id: Type.Integer({ minimum: 1, maximum: BIGINT_ID_MAX }),
  decision: Type.Enum(REVIEW_DECISIONS),
  category: Type.Optional(RejectionCategorySchema),
  reason: Type.Optional(Type.String({ maxLength: REVIEW_REASON_MAX, description: "the operator's optional note to the creator (rejections)" })),
});
export const ReviewDecisionResponse = Ok(
  Type.Object({
    id: Type.Integer(),
    state: Type.Enum(REVIEW_DECISIONS),
    category: Type.Union([RejectionCategorySchema, Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
  }),
);

export const ReviewKindSchema = Type.Enum(REVIEW_KINDS);

/**
 * Take a queue item to review (others see "in review by ..." until the claim ends, REVIEW_CLAIM_MS
 * after it was taken or renewed), or give it back (`release`). Taking an item another operator
 * holds answers 409 ReviewItemClaimed; of two operators taking the same item at once, one gets it.
 */
export const consoleReviewClaimPath = '/v1/console/review/claim';
export const ReviewClaimBody = signed({
  kind: ReviewKindSchema,
  id: Type.Integer({ minimum: 1, maximum: BIGINT_ID_MAX }),
  release: Type.Optional(Type.Boolean({ description: 'give the item back instead of taking it' })),
});
export const ReviewClaimResponse = Ok(Type.Object({ kind: ReviewKindSchema, id: Type.Integer(), claim: ReviewClaimSchema }));

/**
 * One decision for several queue items (each audited on its own). Items another operator holds,
 * or that are gone, are reported and left alone; the others are decided.
 */
export const consoleReviewBulkPath = '/v1/console/review/bulk';
export const ReviewBulkBody = signed({
  items: Type.Array(Type.Object({ kind: ReviewKindSchema, id: Type.Integer({ minimum: 1, maximum: BIGINT_ID_MAX }) }), { minItems: 1, maxItems: REVIEW_BULK_MAX }),
  decision: Type.Enum(REVIEW_DECISIONS),
  category: Type.Optional(RejectionCategorySchema),
  reason: Type.Optional(Type.String({ maxLength: REVIEW_REASON_MAX, description: "the operator's optional note to each creator (rejections)" })),
});
export const ReviewBulkResponse = Ok(
  Type.Object({
    results: Type.Array(
      Type.Object({
        kind: ReviewKindSchema,
        id: Type.Integer(),
        state: Type.Union([Type.Enum(REVIEW_DECISIONS), Type.Null()], { description: 'null when it was not decided' }),
        code: Type.Union([Type.Integer(), Type.Null()], { description: 'catalogue code of why it was not decided' }),
        params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: "the code's parameters (ReviewItemClaimed: `by`, the operator holding it); empty when decided" }),
      }),
    ),
  }),
);

export const ConsoleUserSchema = Type.Object({
  uid: Type.Integer({ description: 'the account ID' }),
  userName: Type.String(),
  email: Type.String(),
  nickname: Type.String(),
  role: Type.String(),
  blocked: Type.Boolean(),
  erasedAt: Type.Union([Type.Integer(), Type.Null()], {
    description: 'ms since the epoch when the account was erased at its owner\'s request (pseudonymised, blocked for good); null otherwise',
  }),
  createdAt: Type.Integer({ description: 'ms since the epoch' }),
  liveSessions: Type.Integer({ description: 'sessions neither revoked nor expired' }),
  parentManagedSince: Type.Union([Type.Integer(), Type.Null()], {
    description: 'ms since the epoch a parent confirmed managing the account (issue 32); null when not parent-managed',
  }),
});
export type ConsoleUser = Static<typeof ConsoleUserSchema>;

/** Look a user up by account ID, user name or e-mail (exact, case-insensitive). */
export const consoleUserSearchPath = '/v1/console/users/search';
export const UserSearchQuery = signed({ q: Type.String({ minLength: 1, maxLength: 200 }) });
export const UserSearchResponse = Ok(Type.Object({ users: Type.Array(ConsoleUserSchema) }));

/** Block (the user's next call answers 10064) or unblock; an erased account cannot be unblocked (40000, field uid, rule erased). */
export const consoleUserBlockPath = '/v1/console/users/block';
export const UserBlockBody = signed({ uid: Type.Integer({ minimum: 1, maximum: UID_MAX }), blocked: Type.Boolean() });
export const UserResponse = Ok(ConsoleUserSchema);

/** End every session of a user (they log in again). */
export const consoleUserRevokeSessionsPath = '/v1/console/users/revoke-sessions';
export const UserRevokeSessionsBody = signed({ uid: Type.Integer({ minimum: 1, maximum: UID_MAX }) });

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  actorUid: Type.Union([Type.Integer(), Type.Null()], { description: "the operator's account ID; null for the admin CLI" }),
  actorName: Type.Union([Type.String(), Type.Null()], { description: 'admin-cli when no account acted' }),
  action: Type.String(),
  target: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  at: Type.Integer({ description: 'ms since the epoch' }),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

/** The newest audit entries. */
export const consoleAuditPath = '/v1/console/audit';
export const AuditQuery = signed({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })) });
export const AuditResponse = Ok(Type.Object({ entries: Type.Array(AuditEntrySchema) }));
