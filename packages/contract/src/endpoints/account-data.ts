import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { MailLanguage, signed } from './signed';

/**
 * Issue 20, players own their data (decision 0134): a signed-in player downloads everything the
 * platform holds about them as one zip archive, and asks for their account to be deleted after a
 * grace period that signing in cancels. Operators list the requests.
 */

/** Days between a deletion request and the erasure; signing in before then cancels it. */
export const ACCOUNT_DELETION_GRACE_DAYS = 30;

/** The caller's data as one zip archive, base64 in the envelope (it holds links to uploads, not their bytes). */
export const accountDataExportPath = '/v1/user/data/export';
export const AccountDataExportQuery = signed({});
export const AccountDataExportSchema = Type.Object({
  fileName: Type.String({ description: 'e.g. avatar-party-data-10000001-2026-11-27.zip' }),
  contentType: Type.Literal('application/zip'),
  /** The archive's bytes, base64. */
  archive: Type.String({ contentEncoding: 'base64' }),
  sizeBytes: Type.Integer({ description: 'bytes of the archive' }),
  createdAt: Type.Integer({ description: 'ms since the epoch' }),
});
export type AccountDataExport = Static<typeof AccountDataExportSchema>;
export const AccountDataExportResponse = Ok(AccountDataExportSchema);

/** A pending deletion: when it was asked for and when the account will be erased. */
export const PendingDeletionSchema = Type.Object({
  requestedAt: Type.Integer({ description: 'ms since the epoch' }),
  dueAt: Type.Integer({ description: 'ms since the epoch; the erasure runs soon after' }),
});
export const AccountDeletionStatusSchema = Type.Object({
  pending: Type.Union([PendingDeletionSchema, Type.Null()], { description: 'null when no deletion is pending' }),
});
export type AccountDeletionStatus = Static<typeof AccountDeletionStatusSchema>;
export const AccountDeletionStatusResponse = Ok(AccountDeletionStatusSchema);

/** The caller's pending deletion, if any. */
export const accountDeletionPath = '/v1/user/deletion';
export const AccountDeletionQuery = signed({});

/**
 * Asks for the caller's account to be deleted after the grace period; the caller's other sessions
 * end (signing in again anywhere cancels it). Asking again answers the pending request.
 */
export const accountDeletionRequestPath = '/v1/user/deletion/request';
export const AccountDeletionRequestBody = signed({
  /** The player's language: the mails about this request (asked, cancelled, completed) are written in it. */
  lang: Type.Optional(MailLanguage),
});

/** Keeps the account: cancels the caller's pending deletion (signing in does the same). */
export const accountDeletionCancelPath = '/v1/user/deletion/cancel';
export const AccountDeletionCancelBody = signed({});

/** Operators: the pending deletion requests (oldest first) and the latest completed ones. */
export const consoleAccountDeletionsPath = '/v1/console/account-deletions';
export const ConsoleAccountDeletionsQuery = signed({});
export const ConsoleAccountDeletionSchema = Type.Object({
  uid: Type.Integer(),
  userName: Type.String({ description: 'the pseudonym (deleted-<uid>) once completed' }),
  requestedAt: Type.Integer({ description: 'ms since the epoch' }),
  dueAt: Type.Integer({ description: 'ms since the epoch' }),
  completedAt: Type.Union([Type.Integer(), Type.Null()], { description: 'ms since the epoch; null while pending' }),
});
export type ConsoleAccountDeletion = Static<typeof ConsoleAccountDeletionSchema>;
export const ConsoleAccountDeletionsResponse = Ok(
  Type.Object({
    pending: Type.Array(ConsoleAccountDeletionSchema),
    completed: Type.Array(ConsoleAccountDeletionSchema, { description: 'the latest 50, newest first' }),
  }),
);
