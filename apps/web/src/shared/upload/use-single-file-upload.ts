import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadFileType } from '@vsp/contract/endpoints/uploads';
import { useBeforeUnload } from '../dom/use-before-unload';
import { forgetPendingUpload, readPendingUpload, rememberPendingUpload, type PendingUpload } from './pending-uploads';
import { UploadCancelledError } from './upload-errors';
import type { UploadItem } from './upload-item';
import { websiteUploadEngine } from './website-upload-engine';

export interface SingleFileUploadOptions {
  fileType: UploadFileType;
  /** Called for a failed upload, never for a cancelled one. */
  onError?: (error: unknown) => void;
}

let uidCounter = 0;
const newUid = () => `rc-upload-${Date.now()}-${++uidCounter}`;

/**
 * One file through the upload engine: start, cancel (the item ends failed with progress 0, no
 * toast), and retry of a failed file, which resumes the parts already stored. A running upload is
 * remembered in the browser (pending-uploads.ts): after a reload `pending` names the file left
 * unfinished, and picking it again resumes it (`item.resuming`). Leaving the page while a file
 * uploads asks first (beforeunload).
 */
export function useSingleFileUpload({ fileType, onError }: SingleFileUploadOptions) {
  const [item, setItem] = useState<UploadItem | null>(null);
  /**
   * The upload of this kind a previous page left unfinished, until a file is picked (read at
   * mount: the upload pages are never prerendered, so there is no server render to match).
   */
  const [pending, setPending] = useState<PendingUpload | null>(() => readPendingUpload(fileType));
  const controller = useRef<AbortController | null>(null);
  /** The last run, settled or not: a new run waits for a cancelled one to finish aborting on the server. */
  const lastRun = useRef<Promise<unknown>>(Promise.resolve());
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (file: File, uid: string) => {
      const abort = new AbortController();
      controller.current = abort;
      // Only the running upload writes its item: once cancelled, a late answer changes nothing.
      const update = (patch: Partial<UploadItem>) => {
        if (controller.current === abort) setItem((current) => (current?.uid === uid ? { ...current, ...patch } : current));
      };
      setItem({ uid, name: file.name, size: file.size, status: 'uploading', progress: 0, compressing: false, resuming: false, file });
      setPending(null);
      let uploadId: string | null = null;
      const previous = lastRun.current;
      try {
        await previous;
        const result = await websiteUploadEngine.upload({
          uid,
          file,
          fileType,
          signal: abort.signal,
          onProgress: (progress) => update({ progress }),
          onSession: (session) => {
            uploadId = session.uploadId;
            if (controller.current !== abort) return;
            rememberPendingUpload(fileType, file, session);
            update({ resuming: session.resumed && session.storedParts > 0 });
          },
        });
        forgetPendingUpload(fileType, result.uploadId);
        update({ status: 'success', progress: 0, resuming: false, result });
        return result;
      } catch (error) {
        // A cancelled upload is aborted on the server: nothing is left to resume.
        if ((error instanceof UploadCancelledError || abort.signal.aborted) && uploadId) forgetPendingUpload(fileType, uploadId);
        update({ status: 'failed', progress: 0, compressing: false, resuming: false });
        if (!(error instanceof UploadCancelledError) && !abort.signal.aborted && controller.current === abort) onErrorRef.current?.(error);
        return null;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [fileType],
  );

  const busy = item?.status === 'uploading';
  useBeforeUnload(busy);

  return {
    item,
    busy,
    /** A file left unfinished by an earlier page (a reload, a closed tab): pick it again to resume. */
    pending,
    /** Starts a new file; answers false (and does nothing) while another one is uploading. */
    start(file: File): boolean {
      if (busy) return false;
      lastRun.current = run(file, newUid());
      return true;
    },
    /** Tapping a failed file uploads it again; the parts the store holds are not sent again. */
    retry(): boolean {
      if (!item || item.status !== 'failed') return false;
      lastRun.current = run(item.file, item.uid);
      return true;
    },
    /**
     * Stops the upload: the item is failed with progress 0 at once (no toast), and the engine aborts
     * the upload on the server in the background.
     */
    cancel() {
      const running = controller.current;
      if (!running) return;
      controller.current = null;
      running.abort();
      setItem((current) => (current ? { ...current, status: 'failed', progress: 0, compressing: false, resuming: false } : current));
    },
    clear() {
      const running = controller.current;
      controller.current = null;
      running?.abort();
      setItem(null);
    },
  };
}

export type SingleFileUpload = ReturnType<typeof useSingleFileUpload>;
