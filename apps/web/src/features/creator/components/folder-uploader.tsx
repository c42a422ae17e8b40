import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link } from 'react-router';
import type { ComponentTypeCode, OutfitGender } from '@vsp/contract/component-types';
import type { OutfitItem } from '@vsp/contract/endpoints/outfits';
import { sitePaths } from '@vsp/contract/site-paths';
import { useToast } from '../../../shared/ui/toast';
import { PendingUploadNote } from '../../../shared/upload/pending-upload-note';
import { readPendingUpload } from '../../../shared/upload/pending-uploads';
import { useArchiveSubmission } from '../hooks/use-archive-submission';
import { useFolderCheck } from '../hooks/use-folder-check';
import { formatBytes } from '../lib/format';
import { readDrop, readPicker, type PickedFolder } from '../lib/read-folder';
import { OutfitPreview } from './outfit-preview';
import { PreflightReport } from './preflight-report';
import { SubmissionStatus } from './submission-status';
import './folder-uploader.css';
import '../../../shared/ui/visually-hidden.css';

export interface FolderUploaderProps {
  gender: OutfitGender | undefined;
  componentType: ComponentTypeCode | undefined;
  onSubmitted(item: OutfitItem): void;
  /** A folder is chosen or being sent: leaving now would abandon it. */
  onDirtyChange?(dirty: boolean): void;
  /** While busy the surrounding wizard must not move. */
  onBusyChange?(busy: boolean): void;
  /** The rejected submission the chosen folder fixes. */
  resubmitOf?: number | undefined;
}

/**
 * Step 03 of the wizard and the /upload page: one folder, by drag and drop or the folder picker,
 * checked against the folder rules, measured and previewed, then (after the creator agrees to the
 * user agreement) compressed, uploaded and submitted.
 */
export function FolderUploader({
  gender,
  componentType,
  onSubmitted,
  onDirtyChange,
  onBusyChange,
  resubmitOf,
}: FolderUploaderProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const { folder, check, measures, report, setFolder } = useFolderCheck(componentType);
  /** The folder an earlier page left uploading (a reload, a closed tab): choosing it again resumes. */
  const [pending, setPending] = useState(() => readPendingUpload('outfit'));

  const handleSubmitted = useCallback(
    (item: OutfitItem) => {
      toast.show(t('creator.submitted'), 'success');
      setFolder(null);
      setAgreed(false);
      onSubmitted(item);
    },
    [onSubmitted, setFolder, t, toast],
  );
  const submission = useArchiveSubmission(handleSubmitted);
  const busy = ['start', 'compressing', 'uploading'].includes(submission.state.phase);

  useEffect(() => onDirtyChange?.(folder !== null || busy), [busy, folder, onDirtyChange]);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  // Leaving this step drops the chosen folder.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  useEffect(() => {
    // `webkitdirectory` is not in React's attribute list; set it on the element.
    if (input.current) input.current.webkitdirectory = true;
  }, []);

  const choose = (next: PickedFolder) => {
    setPending(null);
    submission.reset();
    setAgreed(false);
    setFolder(next);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) {
      toast.show(t('upload.repeat'), 'error');
      return;
    }
    setReading(true);
    readDrop(event.dataTransfer)
      .then(choose, () => choose({ droppedItems: 1, files: [] }))
      .finally(() => setReading(false));
  };

  const model = check?.ok ? measures?.models.find((m) => m.summary) : undefined;
  const modelFile = model && check?.ok ? check.files.find((f) => f.path === model.path)?.file : undefined;
  // Every texture of the folder: the preview itself names one it cannot read (the preflight does too).
  const previewTextures = useMemo(() => {
    if (!check?.ok || !measures) return [];
    const textures = new Set(measures.textures.map((x) => x.path));
    return check.files.filter((f) => textures.has(f.path)).map(({ path, file }) => ({ path, file }));
  }, [check, measures]);

  const blocked = !gender || !componentType || !report || report.issues.length > 0;
  const canConfirm = check?.ok && !blocked && agreed && !busy && submission.state.phase !== 'complete';

  const confirm = () => {
    if (!check?.ok || !gender || !componentType) return;
    void submission.start({ root: check.root, files: check.files, gender, componentType, resubmitOf });
  };

  return (
    <div className="creator-uploader">
      <div
        className={`creator-dropzone${dragging ? ' creator-dropzone--over' : ''}`}
        data-testid="dropzone"
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 14a4 4 0 014-4h10l4 5h18a4 4 0 014 4v19a4 4 0 01-4 4H8a4 4 0 01-4-4z" />
          <path d="M24 35V21M18 27l6-6 6 6" />
        </svg>
        <p className="creator-dropzone__title">{t('creator.drop.title')}</p>
        <p className="creator-dropzone__hint">{t('creator.drop.hint')}</p>
        <label className="creator-button">
          {t(folder ? 'creator.drop.change' : 'creator.drop.choose')}
          <input
            ref={input}
            type="file"
            multiple
            className="visually-hidden"
            data-testid="folder-input"
            disabled={busy}
            onChange={(event) => {
              const files = event.currentTarget.files;
              if (files) choose(readPicker(files));
              event.currentTarget.value = '';
            }}
          />
        </label>
        {reading && <p role="status">{t('creator.drop.reading')}</p>}
      </div>

      {pending && !folder && <PendingUploadNote text={t('creator.upload.pending', { name: pending.name })} />}

      {check && !check.ok && (
        <p className="creator-uploader__error" role="alert" data-testid="folder-error">
          {t(check.failure.message, check.failure.params)} {check.failure.file && <code dir="ltr">{check.failure.file}</code>}
        </p>
      )}

      {check?.ok && (
        <div className="creator-uploader__chosen">
          <p className="creator-uploader__summary" data-testid="folder-summary">
            <strong dir="ltr">{check.root}</strong> {t('creator.folder.summary', { count: check.files.length, size: formatBytes(check.totalBytes) })}
          </p>
          <div className="creator-uploader__review">
            {modelFile ? (
              <OutfitPreview model={modelFile} textures={previewTextures} gender={gender} componentType={componentType} paused={busy} />
            ) : (
              <p className="outfit-preview__notice">{t(measures ? 'creator.preview.failed' : 'creator.preview.loading')}</p>
            )}
            <PreflightReport report={componentType ? report : null} componentType={componentType} />
          </div>

          <section className="creator-agreement" aria-labelledby="creator-agreement-title">
            <h4 id="creator-agreement-title">{t('creator.agreement.title')}</h4>
            <ul>
              <li>{t('creator.agreement.original')}</li>
              <li>{t('creator.agreement.suitable')}</li>
              <li>{t('creator.agreement.review')}</li>
            </ul>
            <p>
              <Link to={sitePaths.terms} target="_blank" rel="noopener">
                {t('creator.agreement.link')}
              </Link>
            </p>
            <label className="creator-agreement__check">
              <input type="checkbox" checked={agreed} disabled={busy} onChange={(event) => setAgreed(event.currentTarget.checked)} data-testid="agreement" />
              {t('creator.agreement.accept')}
            </label>
          </section>

          <div className="creator-uploader__actions">
            <button type="button" className="creator-button creator-button--primary" disabled={!canConfirm} onClick={confirm} data-testid="confirm">
              {t('common.confirm')}
            </button>
            {!busy && report && report.issues.length > 0 && <span className="creator-uploader__blocked">{t('creator.preflight.blocked')}</span>}
          </div>
        </div>
      )}

      <SubmissionStatus state={submission.state} onCancel={submission.cancel} />
    </div>
  );
}
