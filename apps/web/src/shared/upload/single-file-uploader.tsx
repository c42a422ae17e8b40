import type { ChangeEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useToast } from '../ui/toast';
import { checkFile, type FileLimit, type FileProblem } from './file-rules';
import { formatMegabytes } from './format-size';
import { PendingUploadNote } from './pending-upload-note';
import { visualState } from './upload-item';
import type { SingleFileUpload } from './use-single-file-upload';
import './single-file-uploader.css';

export interface SingleFileUploaderProps {
  id: string;
  /** The field's name in its form (where a form looks for its first field in error). */
  name?: string;
  upload: SingleFileUpload;
  limit: FileLimit;
  /** Field error from the form, shown under the uploader. */
  invalid?: boolean;
  describedBy?: string;
  /** A file broke a rule of `limit`; the text is ready to show. */
  onRejected(message: string): void;
  /** A file passed the rules and started uploading. */
  onAccepted?(): void;
}

/**
 * Spec section 5's single-file uploader: checks size, name and suffix before anything is sent,
 * refuses a second file while one uploads ("upload.repeat"), shows the item's state and progress,
 * cancels, and uploads a failed file again when it is tapped.
 */
export function SingleFileUploader({ id, name, upload, limit, invalid, describedBy, onRejected, onAccepted }: SingleFileUploaderProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const item = upload.item;
  const state = item ? visualState(item) : null;

  const problemText = (problem: FileProblem) => ('text' in problem ? problem.text : 'params' in problem ? t(problem.key, problem.params) : t(problem.key));

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (upload.busy) {
      toast.show(t('upload.repeat'));
      return;
    }
    const problem = checkFile(file, limit);
    if (problem) {
      onRejected(problemText(problem));
      return;
    }
    if (upload.start(file)) onAccepted?.();
  }

  return (
    <div className={`file-uploader${invalid ? ' file-uploader--invalid' : ''}`}>
      <input
        id={id}
        name={name}
        className="file-uploader__input"
        type="file"
        accept={limit.accept}
        onChange={onPick}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor={id} className="file-uploader__pick">
        {t('upload.select_file')}
      </label>
      {!item && upload.pending && <PendingUploadNote text={t('upload.pending', { name: upload.pending.name })} />}
      {item && state && (
        <div className={`upload-item upload-item--${state}`} data-testid="upload-item" data-state={state}>
          <span className="upload-item__name" title={item.name}>
            {item.name}
          </span>
          <span className="upload-item__size">{formatMegabytes(item.size)}</span>
          {state === 'compressing' && <span className="upload-item__state">{t('upload.state.compressing')}</span>}
          {state === 'uploading' && (
            <>
              <progress className="upload-item__bar" max={100} value={item.progress} aria-label={t('upload.progress', { name: item.name })} />
              <span className="upload-item__percent" data-testid="upload-progress">
                {item.progress.toFixed(2)}%
              </span>
              <span className="upload-item__state">{t('upload.repeat')}</span>
              {item.resuming && (
                <span className="upload-item__resuming" role="status" data-testid="upload-resuming">
                  {t('upload.resuming')}
                </span>
              )}
              <button type="button" className="upload-item__cancel" onClick={upload.cancel}>
                {t('common.cancel')}
              </button>
            </>
          )}
          {state === 'uploaded' && <span className="upload-item__state upload-item__state--done">{t('upload.state.uploaded')}</span>}
          {state === 'failed' && (
            <button type="button" className="upload-item__retry" data-testid="upload-retry" onClick={upload.retry}>
              {t('upload.state.failed')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
