import { forgetPendingUpload, rememberPendingUpload } from '../../../shared/upload/pending-uploads';
import { websiteUploadEngine } from '../../../shared/upload/website-upload-engine';

/**
 * How the creator platform sends a finished archive to object storage, the one seam between this
 * feature and the upload engine: a direct multipart upload through the website's engine
 * (credential `fileType: outfit`), answering the stored object's key, which the submission names.
 * The archive is deterministic and gets a fixed date, so the same folder dropped again has the same
 * fingerprint and an interrupted upload resumes with the parts the store already holds. While it
 * runs it is remembered (pending-uploads.ts), so a page opened after a reload can name the folder
 * to choose again; finished or cancelled, it is forgotten.
 */
export async function uploadArchive(
  file: Blob,
  { fileName, onProgress, signal }: { fileName: string; onProgress(pct: number): void; signal: AbortSignal },
): Promise<{ objectKey: string; size: number }> {
  const source = new File([file], fileName, { type: 'application/zip', lastModified: 0 });
  let uploadId: string | undefined;
  try {
    const outcome = await websiteUploadEngine.upload({
      uid: fileName,
      file: source,
      fileType: 'outfit',
      signal,
      onProgress,
      onSession: (session) => {
        uploadId = session.uploadId;
        // Named by its folder: the creator chooses a folder, not the archive made of it.
        rememberPendingUpload('outfit', source, session, fileName.replace(/\.zip$/, ''));
      },
    });
    forgetPendingUpload('outfit', outcome.uploadId);
    return { objectKey: outcome.key, size: outcome.size };
  } catch (error) {
    // A cancelled upload is aborted on the server: nothing is left to resume.
    if (signal.aborted && uploadId) forgetPendingUpload('outfit', uploadId);
    throw error;
  }
}
