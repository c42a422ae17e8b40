import Type, { type Static } from 'typebox';
import { MUSIC_MAX_BYTES, OUTFIT_MAX_TOTAL_BYTES } from '../constants';
import { Ok } from '../envelope-schema';
import { signed } from './signed';
import { BIGINT_ID_MAX } from '../integers';

/**
 * Direct-to-storage uploads (DESIGN.md section 6). Call 4 hands out a short-lived credential scoped
 * to one folder (`dir`); with it the client starts a multipart upload, asks for presigned part URLs,
 * PUTs the parts straight to the store, and completes or aborts. The store (S3 or the local driver)
 * is the only truth about which parts arrived.
 */

/** What a credential may upload, with the largest object each kind accepts. */
export const UPLOAD_FILE_TYPES = {
  music: { maxBytes: MUSIC_MAX_BYTES },
  outfit: { maxBytes: OUTFIT_MAX_TOTAL_BYTES },
} as const;
export type UploadFileType = keyof typeof UPLOAD_FILE_TYPES;
export const UploadFileTypeSchema = Type.Enum(['music', 'outfit'] as const satisfies readonly UploadFileType[], {
  description: 'what is uploaded: music (MP3, up to 20 MB) or outfit (a packed folder, up to 1 GiB)',
});

/** Call 4: a credential for direct upload to object storage (signed with appId 1000, logged in). */
export const credentialsPath = '/v1/common/credentialsBySign';
export const CredentialsQuery = signed({ fileType: UploadFileTypeSchema });
export const UploadCredentialSchema = Type.Object({
  dir: Type.String({ description: 'the folder this credential may write to, ending in /' }),
  cdnUrl: Type.String({ description: 'public base URL of stored objects; an object is served at cdnUrl + key' }),
  token: Type.String({ description: 'opaque upload token scoped to dir; send it as uploadToken' }),
  expiration: Type.Integer({ description: 'when the token stops working, ms since the epoch' }),
  partSize: Type.Integer({ description: 'bytes per part the store wants (the last part may be smaller)' }),
  maxBytes: Type.Integer({ description: 'largest object this credential may upload' }),
});
export type UploadCredential = Static<typeof UploadCredentialSchema>;
export const CredentialsResponse = Ok(Type.Object({ credentials: UploadCredentialSchema }));

export const StoredPartSchema = Type.Object({
  partNumber: Type.Integer({ minimum: 1, maximum: 10_000 }),
  size: Type.Integer({ minimum: 0, maximum: BIGINT_ID_MAX }),
  etag: Type.String(),
});
export type StoredPart = Static<typeof StoredPartSchema>;

export const SignedPartSchema = Type.Object({
  partNumber: Type.Integer(),
  url: Type.String(),
  expiresAt: Type.Integer({ description: 'ms since the epoch; sign again after it' }),
});
export type SignedPart = Static<typeof SignedPartSchema>;

const uploadIdField = Type.String({ pattern: '^[0-9a-z-]{8,64}$', description: 'the upload id answered by start' });

/** Start (or resume) a multipart upload of one file under the credential's dir. */
export const startUploadPath = '/v1/upload/multipart/start';
export const StartUploadBody = signed({
  uploadToken: Type.String({ minLength: 1, maxLength: 1000 }),
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  fileSize: Type.Integer({ minimum: 1, maximum: BIGINT_ID_MAX }),
  contentType: Type.Optional(Type.String({ maxLength: 100 })),
  fingerprint: Type.String({
    pattern: '^[0-9a-f]{64}$',
    description: 'SHA-256 of name, size, lastModified and the first and last part; the same file resumes its open upload',
  }),
});
export const UploadSessionSchema = Type.Object({
  uploadId: uploadIdField,
  key: Type.String({ description: 'object key the file is stored under' }),
  partSize: Type.Integer(),
  partCount: Type.Integer(),
  resumed: Type.Boolean({ description: 'true when an open upload of the same file was found' }),
  parts: Type.Array(StoredPartSchema, { description: 'parts the store already holds' }),
  signed: Type.Array(SignedPartSchema, { description: 'URLs for the first missing parts, to save a sign call' }),
});
export type UploadSession = Static<typeof UploadSessionSchema>;
export const StartUploadResponse = Ok(UploadSessionSchema);

/** Presigned PUT URLs for some parts. */
export const signPartsPath = '/v1/upload/multipart/sign';
export const SignPartsBody = signed({
  uploadToken: Type.String({ minLength: 1, maxLength: 1000 }),
  uploadId: uploadIdField,
  partNumbers: Type.Array(Type.Integer({ minimum: 1, maximum: 10_000 }), { minItems: 1, maxItems: 100 }),
});
export const SignPartsResponse = Ok(Type.Object({ parts: Type.Array(SignedPartSchema) }));

/** The parts the store holds for an open upload. */
export const listPartsPath = '/v1/upload/multipart/parts';
export const ListPartsQuery = signed({ uploadToken: Type.String({ minLength: 1, maxLength: 1000 }), uploadId: uploadIdField });
export const ListPartsResponse = Ok(Type.Object({ parts: Type.Array(StoredPartSchema) }));

/** Assemble the stored parts into the object. */
export const completeUploadPath = '/v1/upload/multipart/complete';
export const CompleteUploadBody = signed({ uploadToken: Type.String({ minLength: 1, maxLength: 1000 }), uploadId: uploadIdField });
export const UploadResultSchema = Type.Object({
  uploadId: Type.String(),
  key: Type.String(),
  url: Type.String({ description: 'cdnUrl + key' }),
  size: Type.Integer(),
});
export type UploadResult = Static<typeof UploadResultSchema>;
export const CompleteUploadResponse = Ok(UploadResultSchema);

/** Cancel: abort the multipart upload and free its parts. */
export const abortUploadPath = '/v1/upload/multipart/abort';
export const AbortUploadBody = CompleteUploadBody;
export const AbortUploadResponse = Ok(Type.Object({ aborted: Type.Boolean() }));
