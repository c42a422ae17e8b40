import { useCallback, useEffect, useRef, useState } from 'react';
import { useLanguageCode, useTranslation } from '../../../shared/i18n/use-translation';
import { AppError } from '@vsp/contract/app-error';
import type { ComponentTypeCode, OutfitGender } from '@vsp/contract/component-types';
import type { OutfitItem } from '@vsp/contract/endpoints/outfits';
import { errorMessage } from '../../../shared/http/error-message';
import { useSubmitOutfit } from '../api/submit-outfit';
import { uploadArchive } from '../api/upload-archive';
import { CompressionTooLargeError, compressFolder } from '../lib/compress-folder';
import type { PickedFile } from '../lib/read-folder';

/** Compression states of spec section 4, plus idle before the creator confirms. */
export type SubmissionPhase = 'idle' | 'start' | 'compressing' | 'uploading' | 'complete' | 'error';

export interface SubmissionState {
  phase: SubmissionPhase;
  /** Percentage of the current phase. */
  progress: number;
  /** What went wrong (phase error), in the visitor's language. */
  message?: string;
  /** The file the message is about, when there is one. */
  file?: string;
}

export interface SubmissionInput {
  root: string;
  files: readonly PickedFile[];
  gender: OutfitGender;
  componentType: ComponentTypeCode;
  /** The rejected submission this one fixes. */
  resubmitOf?: number | undefined;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Confirm: compress the folder in a worker, hand the archive to the upload engine, then record the
 * submission. Cancel during compression ends in "Compression cancelled by user"; cancel during the
 * upload goes back quietly (no toast), ready to confirm again. Unmounting cancels.
 */
export function useArchiveSubmission(onSubmitted: (item: OutfitItem) => void) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const [state, setState] = useState<SubmissionState>({ phase: 'idle', progress: 0 });
  const controller = useRef<AbortController | null>(null);
  const { mutateAsync: recordSubmission } = useSubmitOutfit();

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (input: SubmissionInput) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const { signal } = current;
      setState({ phase: 'start', progress: 0 });

      let archive: Blob;
      try {
        setState({ phase: 'compressing', progress: 0 });
        archive = await compressFolder(input.files, (progress) => setState({ phase: 'compressing', progress }), signal);
      } catch (error) {
        if (isAbort(error)) setState({ phase: 'error', progress: 0, message: t('creator.compress.cancelled') });
        else if (error instanceof CompressionTooLargeError) setState({ phase: 'error', progress: 0, message: t('upload.fail_message_2'), file: error.file });
        else setState({ phase: 'error', progress: 0, message: t('creator.compress.failed') });
        return;
      }

      try {
        setState({ phase: 'uploading', progress: 0 });
        const { objectKey } = await uploadArchive(archive, {
          fileName: `${input.root}.zip`,
          onProgress: (progress) => setState({ phase: 'uploading', progress }),
          signal,
        });
        signal.throwIfAborted();
        const item = await recordSubmission({
          gender: input.gender,
          componentType: input.componentType,
          objectKey,
          agreement: true,
          ...(input.resubmitOf === undefined ? {} : { resubmitOf: input.resubmitOf }),
        });
        setState({ phase: 'complete', progress: 100 });
        onSubmitted(item);
      } catch (error) {
        if (signal.aborted || isAbort(error)) {
          setState({ phase: 'idle', progress: 0 });
          return;
        }
        const message = error instanceof AppError ? errorMessage(error, lang, t) : t('upload.failed');
        setState({ phase: 'error', progress: 0, message });
      }
    },
    [lang, onSubmitted, recordSubmission, t],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ phase: 'idle', progress: 0 });
  }, []);

  return { state, start, cancel, reset };
}
