import type { UploadFileType } from '@vsp/contract/endpoints/uploads';
import { localStore, STORAGE_KEYS } from '../storage/local-store';
import type { UploadSource } from './file-fingerprint';
import type { UploadSessionInfo } from './upload-engine';

/**
 * The upload a page left unfinished (a reload, a closed tab, a crash), one per kind of file: enough
 * to tell the player which file to pick again and to recognise it when they do. The server keeps the
 * upload open and finds it again by the file's fingerprint (decision 0041), answering the parts it
 * holds, so only the missing ones are sent.
 */
export interface PendingUpload {
  name: string;
  size: number;
  lastModified: number;
  /** SHA-256 over name, size, date and the first and last part (file-fingerprint.ts). */
  fingerprint: string;
  uploadId: string;
  key: string;
  partCount: number;
  /** When it was last seen running (ms). */
  savedAt: number;
}

/** The server keeps an open upload resumable this long (decision 0041). */
const RESUMABLE_MS = 7 * 24 * 60 * 60 * 1000;

type Pending = Partial<Record<UploadFileType, PendingUpload>>;

const all = (): Pending => {
  const value = localStore.getJson<Pending>(STORAGE_KEYS.pendingUploads);
  return value && typeof value === 'object' ? value : {};
};

export function readPendingUpload(fileType: UploadFileType, now = Date.now()): PendingUpload | null {
  const found = all()[fileType];
  if (!found || typeof found.name !== 'string' || typeof found.uploadId !== 'string') return null;
  if (now - found.savedAt > RESUMABLE_MS) {
    forgetPendingUpload(fileType);
    return null;
  }
  return found;
}

/**
 * Remembers the running upload of `source` as its session started; `name` is what the page names
 * it by after a reload (the file's name unless the caller names it otherwise, as a folder).
 */
export function rememberPendingUpload(
  fileType: UploadFileType,
  source: Pick<UploadSource, 'name' | 'size' | 'lastModified'>,
  session: Pick<UploadSessionInfo, 'fingerprint' | 'uploadId' | 'key' | 'partCount'>,
  name = source.name,
): void {
  const upload: PendingUpload = {
    name,
    size: source.size,
    lastModified: source.lastModified,
    fingerprint: session.fingerprint,
    uploadId: session.uploadId,
    key: session.key,
    partCount: session.partCount,
    savedAt: Date.now(),
  };
  localStore.set(STORAGE_KEYS.pendingUploads, { ...all(), [fileType]: upload });
}

/** Forgets the pending upload of `fileType` (only `uploadId`'s, when given). */
export function forgetPendingUpload(fileType: UploadFileType, uploadId?: string): void {
  const current = all();
  const found = current[fileType];
  if (!found || (uploadId && found.uploadId !== uploadId)) return;
  delete current[fileType];
  if (Object.keys(current).length) localStore.set(STORAGE_KEYS.pendingUploads, current);
  else localStore.remove(STORAGE_KEYS.pendingUploads);
}
