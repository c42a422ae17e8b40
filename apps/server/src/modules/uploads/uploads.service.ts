import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SignedInput } from '../../plugins/signature';
import { AppError } from '@vsp/contract/app-error';
import { CREDENTIAL_REFRESH_MS } from '@vsp/contract/constants';
import {
  UPLOAD_FILE_TYPES,
  type SignedPart,
  type StartUploadBody,
  type StoredPart,
  type UploadCredential,
  type UploadFileType,
  type UploadResult,
  type UploadSession,
} from '@vsp/contract/endpoints/uploads';
import { Errors } from '@vsp/contract/error-codes';
import { violatedUniqueIndex } from '../../db/unique-violation';
import { MultipartNotFoundError, type ObjectStorage } from '../../storage/object-storage';
import { readUploadGrant, signUploadGrant, type UploadGrant } from './upload-token';
import type { UploadSessionRow, UploadsRepository } from './uploads.repository';

/** A credential lives two refresh intervals, so the client's hourly refresh always finds it valid. */
export const CREDENTIAL_TTL_MS = 2 * CREDENTIAL_REFRESH_MS;
/** A presigned part URL works this long; the client signs again after it. */
export const PART_URL_TTL_MS = 15 * 60_000;
/** Parts signed along with the answer to start. */
export const SIGNED_WITH_START = 25;
/** An unfinished upload can be resumed this long. */
export const UPLOAD_SESSION_TTL_MS = 7 * 24 * 3_600_000;

type StartUploadInput = SignedInput<typeof StartUploadBody>;

/** A completed upload as another module (music, outfits) receives it for its own checks. */
export interface CompletedUpload {
  uploadId: string;
  key: string;
  size: number;
  fileName: string;
}

/**
 * How each kind of upload is stored: the server alone names the object's extension and content
 * type, never the client's file name or type (a player's `x.html` must not become an HTML page on
 * a host that serves by extension; decision 0085). Audio may play inline where it is served;
 * anything else is only ever a download.
 */
export const STORED_OBJECT_KINDS: Readonly<Record<UploadFileType, { extension: string; contentType: string; inline: boolean }>> = {
  music: { extension: '.mp3', contentType: 'audio/mpeg', inline: true },
  outfit: { extension: '.zip', contentType: 'application/zip', inline: false },
};

export interface UploadsServiceDeps {
  uploads: UploadsRepository;
  storage: ObjectStorage;
  secret: string;
  now: () => number;
}

/**
 * The upload protocol (DESIGN.md section 6): credentials scoped to a dir, multipart uploads that
 * resume by file fingerprint, presigned part URLs, and completion only when the store holds every
 * part at its expected size.
 */
export class UploadsService {
  constructor(private readonly deps: UploadsServiceDeps) {}

  /** Call 4: a credential for `fileType` uploads of this user. */
  issueCredential(uid: number, fileType: UploadFileType, origin: string): UploadCredential {
    const grant: UploadGrant = { uid, fileType, dir: `${fileType}/${uid}/`, expiresAt: this.deps.now() + CREDENTIAL_TTL_MS };
    return {
      dir: grant.dir,
      cdnUrl: this.deps.storage.publicBaseUrl(origin),
      token: signUploadGrant(grant, this.deps.secret),
      expiration: grant.expiresAt,
      partSize: this.deps.storage.partSize,
      maxBytes: UPLOAD_FILE_TYPES[fileType].maxBytes,
    };
  }

  private grantFor(uid: number, token: string): UploadGrant {
    const grant = readUploadGrant(token, this.deps.secret);
    if (!grant || grant.uid !== uid || grant.expiresAt <= this.deps.now() || !(grant.fileType in UPLOAD_FILE_TYPES)) {
      throw new AppError(Errors.UploadCredentialInvalid);
    }
    return grant;
  }

  private async openSession(uid: number, token: string, uploadId: string, known?: UploadSessionRow): Promise<UploadSessionRow> {
    const grant = this.grantFor(uid, token);
    const session = known ?? (await this.deps.uploads.findById(uploadId));
    if (!session || session.uid !== uid || !session.objectKey.startsWith(grant.dir) || session.state !== 'open') {
      throw new AppError(Errors.UploadNotFound);
    }
    return session;
  }

  private async storedParts(session: UploadSessionRow): Promise<StoredPart[]> {
    try {
      return await this.deps.storage.listParts(session.objectKey, session.storageUploadId);
    } catch (error) {
      if (!(error instanceof MultipartNotFoundError)) throw error;
      await this.deps.uploads.transition(session.id, 'open', 'aborted');
      throw new AppError(Errors.UploadNotFound, { cause: error });
    }
  }

  /** Starts an upload, or resumes the open upload of the same file with the parts the store holds. */
  async start(uid: number, input: StartUploadInput, origin: string): Promise<UploadSession> {
    const grant = this.grantFor(uid, input.uploadToken);
    if (input.fileSize > UPLOAD_FILE_TYPES[grant.fileType].maxBytes) throw new AppError(Errors.FileSizeOutOfRange);
    const resumed = await this.resume(uid, grant, input, origin);
    if (resumed) return resumed;

    const now = this.deps.now();
    const partSize = this.deps.storage.partSize;
    const stored = STORED_OBJECT_KINDS[grant.fileType];
    const key = `${grant.dir}${now}-${randomBytes(6).toString('hex')}${stored.extension}`;
    const { contentType } = stored;
    const storageUploadId = await this.deps.storage.createMultipart({
      key,
      size: input.fileSize,
      partSize,
      contentType,
      contentDisposition: stored.inline ? 'inline' : 'attachment',
    });
    let session: UploadSessionRow;
    try {
      session = await this.deps.uploads.insert({
        // Time plus randomness, as spec section 7 describes the upload id.
        id: `${now.toString(36)}-${randomBytes(8).toString('hex')}`,
        uid,
        fileType: grant.fileType,
        objectKey: key,
        storageUploadId,
        fileName: input.fileName,
        fileSize: input.fileSize,
        contentType,
        partSize,
        partCount: Math.ceil(input.fileSize / partSize),
        fingerprint: input.fingerprint,
        expiresAt: new Date(now + UPLOAD_SESSION_TTL_MS),
      });
    } catch (error) {
      // Two tabs started the same file at once: the other one won, and this one joins it.
      await this.deps.storage.abortMultipart(key, storageUploadId).catch(() => undefined);
      const winner = violatedUniqueIndex(error) !== undefined ? await this.resume(uid, grant, input, origin) : null;
      if (winner) return winner;
      throw error;
    }
    const first = Array.from({ length: Math.min(session.partCount, SIGNED_WITH_START) }, (_, i) => i + 1);
    const signed = await this.signFor(session, first, origin);
    return { uploadId: session.id, key, partSize, partCount: session.partCount, resumed: false, parts: [], signed };
  }

  /** The open upload of the same file, with its stored parts, or null (a stale one is aborted). */
  private async resume(uid: number, grant: UploadGrant, input: StartUploadInput, origin: string): Promise<UploadSession | null> {
    const existing = await this.deps.uploads.findOpenByFingerprint(uid, grant.fileType, input.fingerprint);
    if (!existing) return null;
    if (existing.fileSize !== input.fileSize || existing.expiresAt.getTime() <= this.deps.now()) {
      await this.deps.uploads.transition(existing.id, 'open', 'aborted');
      await this.deps.storage.abortMultipart(existing.objectKey, existing.storageUploadId).catch(() => undefined);
      return null;
    }
    let parts: StoredPart[];
    try {
      parts = await this.storedParts(existing);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
    const held = new Set(parts.map((p) => p.partNumber));
    const missing = Array.from({ length: existing.partCount }, (_, i) => i + 1).filter((n) => !held.has(n));
    const signed = await this.signFor(existing, missing.slice(0, SIGNED_WITH_START), origin);
    return { uploadId: existing.id, key: existing.objectKey, partSize: existing.partSize, partCount: existing.partCount, resumed: true, parts, signed };
  }

  private signFor(session: UploadSessionRow, partNumbers: readonly number[], origin: string): Promise<SignedPart[]> {
    const expiresAt = this.deps.now() + PART_URL_TTL_MS;
    return Promise.all(
      [...new Set(partNumbers)].map(async (partNumber) => ({
        partNumber,
        expiresAt,
        url: await this.deps.storage.signPart({ key: session.objectKey, storageUploadId: session.storageUploadId, partNumber, expiresAt, origin }),
      })),
    );
  }

  async signParts(uid: number, token: string, uploadId: string, partNumbers: readonly number[], origin: string): Promise<SignedPart[]> {
    const session = await this.openSession(uid, token, uploadId);
    if (partNumbers.some((n) => n < 1 || n > session.partCount)) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'partNumbers', rule: 'maximum' }] });
    return this.signFor(session, partNumbers, origin);
  }

  async listParts(uid: number, token: string, uploadId: string): Promise<StoredPart[]> {
    return this.storedParts(await this.openSession(uid, token, uploadId));
  }

  /**
   * Assembles the object once the store holds every part at its expected size. Idempotent and safe
   * under concurrency: the work runs on the upload's locked row, so of several calls at once one
   * assembles and the others wait and answer the same result; an abort that got there first makes
   * it answer 30002 (decision 0086).
   */
  async complete(uid: number, token: string, uploadId: string, origin: string): Promise<UploadResult> {
    this.grantFor(uid, token);
    const result = (session: UploadSessionRow): UploadResult => ({
      uploadId,
      key: session.objectKey,
      url: this.objectUrl(session.objectKey, origin),
      size: session.fileSize,
    });
    const found = await this.deps.uploads.findById(uploadId);
    if (found?.state === 'completed' && found.uid === uid) return result(found);
    await this.openSession(uid, token, uploadId, found);
    let lost: UploadSessionRow | undefined;
    try {
      return await this.deps.uploads.withLockedSession(uploadId, async (row, locked) => {
        if (row?.state === 'completed' && row.uid === uid) return result(row);
        const session = await this.openSession(uid, token, uploadId, row);
        lost = session;
        const parts = await this.deps.storage.listParts(session.objectKey, session.storageUploadId);
        const byNumber = new Map(parts.map((p) => [p.partNumber, p]));
        for (let n = 1; n <= session.partCount; n++) {
          const expected = n < session.partCount ? session.partSize : session.fileSize - (session.partCount - 1) * session.partSize;
          if (byNumber.get(n)?.size !== expected) throw new AppError(Errors.UploadPartsMissing);
        }
        const ordered = Array.from({ length: session.partCount }, (_, i) => byNumber.get(i + 1)!);
        await this.deps.storage.completeMultipart(session.objectKey, session.storageUploadId, ordered);
        const stored = await this.deps.storage.stat(session.objectKey);
        if (stored?.size !== session.fileSize) throw new AppError(Errors.UploadPartsMissing);
        await locked.transition(session.id, 'open', 'completed', new Date(this.deps.now()));
        return result(session);
      });
    } catch (error) {
      // The store lost the upload (aborted elsewhere, expired): record that outside the rolled-back transaction.
      if (!(error instanceof MultipartNotFoundError) || !lost) throw error;
      await this.deps.uploads.transition(lost.id, 'open', 'aborted');
      throw new AppError(Errors.UploadNotFound, { cause: error });
    }
  }

  /**
   * Cancel: frees the parts. Aborting an upload that already ended answers false; an abort racing a
   * complete waits for the complete's lock and then finds the upload ended.
   */
  async abort(uid: number, token: string, uploadId: string): Promise<boolean> {
    this.grantFor(uid, token);
    const session = await this.deps.uploads.findById(uploadId);
    if (!session || session.uid !== uid) throw new AppError(Errors.UploadNotFound);
    if (!(await this.deps.uploads.transition(session.id, 'open', 'aborted'))) return false;
    await this.deps.storage.abortMultipart(session.objectKey, session.storageUploadId);
    return true;
  }

  objectUrl(key: string, origin: string): string {
    return `${this.deps.storage.publicBaseUrl(origin)}${key}`;
  }

  /** A completed upload of this user and kind, for the module that checks and records it. */
  async completedUpload(uid: number, uploadId: string, fileType: UploadFileType): Promise<CompletedUpload> {
    const session = await this.deps.uploads.findById(uploadId);
    if (!session || session.uid !== uid || session.fileType !== fileType || session.state !== 'completed') {
      throw new AppError(Errors.UploadNotFound);
    }
    return { uploadId: session.id, key: session.objectKey, size: session.fileSize, fileName: session.fileName };
  }

  openObject(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return this.deps.storage.read(key, range);
  }

  /** An object whose content was refused, by key: its upload (if any) is retired and the object goes. */
  async discardObject(key: string): Promise<void> {
    const session = await this.deps.uploads.findByObjectKey(key);
    if (session) await this.deps.uploads.transition(session.id, 'completed', 'discarded');
    await this.deps.storage.delete(key);
  }
}
