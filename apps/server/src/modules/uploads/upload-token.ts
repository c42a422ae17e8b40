import { createHmac } from 'node:crypto';
import type { UploadFileType } from '@vsp/contract/endpoints/uploads';
import { signsEqual } from '@vsp/contract/signing';

/** What an upload credential grants: one user may write under one dir until `expiresAt`. */
export interface UploadGrant {
  uid: number;
  fileType: UploadFileType;
  dir: string;
  expiresAt: number;
}

/**
 * The opaque token of call 4: the grant as base64url JSON plus an HMAC-SHA256 of it under
 * UPLOAD_SECRET. Stateless, so any API process can check it.
 */
export function signUploadGrant(grant: UploadGrant, secret: string): string {
  const body = Buffer.from(JSON.stringify([grant.uid, grant.fileType, grant.dir, grant.expiresAt])).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The grant a token carries, or null when it was not signed with `secret` or is malformed. */
export function readUploadGrant(token: string, secret: string): UploadGrant | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  if (!signsEqual(createHmac('sha256', secret).update(body).digest('base64url'), mac)) return null;
  try {
    const [uid, fileType, dir, expiresAt] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [number, UploadFileType, string, number];
    return { uid, fileType, dir, expiresAt };
  } catch {
    return null;
  }
}
