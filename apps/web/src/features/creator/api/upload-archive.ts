import { websiteUploadEngine } from '../../../shared/upload/website-upload-engine';

/**
 * How the creator platform sends a finished archive to object storage: the one seam between this
 * feature and the upload engine. It answers the stored object's key, which the submission names.
 */
export type UploadArchive = (
  file: Blob,
  opts: { fileName: string; onProgress(pct: number): void; signal: AbortSignal },
) => Promise<{ objectKey: string; size: number }>;

/**
 * Direct multipart upload through the website's engine (credential `fileType: outfit`). The
 * archive is deterministic and gets a fixed date, so the same folder dropped again has the same
 * fingerprint and an interrupted upload resumes with the parts the store already holds.
 */
export const uploadArchive: UploadArchive = async (file, { fileName, onProgress, signal }) => {
  const source = new File([file], fileName, { type: 'application/zip', lastModified: 0 });
  const outcome = await websiteUploadEngine.upload({ uid: fileName, file: source, fileType: 'outfit', signal, onProgress });
  return { objectKey: outcome.key, size: outcome.size };
};
