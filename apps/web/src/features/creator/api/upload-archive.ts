import { ApiError, NetworkError } from '../../../shared/http/http-client';
import { getSession } from '../../../shared/session/session-store';

/**
 * How the creator platform sends a finished archive to object storage: the one seam between this
 * feature and the upload engine. It answers the stored object's key, which the submission names.
 */
export type UploadArchive = (
  file: Blob,
  opts: { fileName: string; onProgress(pct: number): void; signal: AbortSignal },
) => Promise<{ objectKey: string; size: number }>;

/**
 * INTERIM, until the upload engine (direct multipart upload to object storage) is connected: one
 * PUT of the whole archive to this path, with upload progress. No server route answers it yet; the
 * browser tests answer it by placing the bytes where the storage layer reads them. Replace this
 * implementation with the upload engine's; nothing else in the feature changes.
 */
export const INTERIM_ARCHIVE_PATH = '/v1/creator/outfit/interim-archive';

export const uploadArchive: UploadArchive = (file, { fileName, onProgress, signal }) =>
  new Promise((resolve, reject) => {
    const session = getSession();
    const request = new XMLHttpRequest();
    request.open('PUT', `${INTERIM_ARCHIVE_PATH}?fileName=${encodeURIComponent(fileName)}`);
    request.setRequestHeader('content-type', 'application/zip');
    if (session) {
      request.setRequestHeader('token', session.token);
      request.setRequestHeader('uid', session.uid);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    request.onload = () => {
      try {
        const body = JSON.parse(request.responseText) as { status: number; data?: { objectKey: string; size: number } };
        if (body.status === 1 && body.data) resolve(body.data);
        else reject(new ApiError(body as never, request.status));
      } catch (error) {
        reject(new NetworkError('offline', { cause: error }));
      }
    };
    request.onerror = () => reject(new NetworkError('offline'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
