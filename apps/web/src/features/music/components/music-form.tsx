import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { MusicItem } from '@vsp/contract/endpoints/music';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AppError } from '@vsp/contract/app-error';
import { MUSIC_MAX_BYTES, MUSIC_MIN_BYTES } from '@vsp/contract/constants';
import { MUSIC_ACCEPT, MUSIC_LANGUAGES, ILLEGAL_FILE_NAME_SYMBOLS, type MusicLanguage } from '@vsp/contract/music-rules';
import type { LanguageCode } from '@vsp/contract/error-catalogue';
import { Errors } from '@vsp/contract/error-codes';
import { codeMessage, errorMessage } from '../../../shared/http/error-message';
import { useInvalidatingMutation } from '../../../shared/http/use-invalidating-mutation';
import { useToast } from '../../../shared/ui/toast';
import type { FileLimit } from '../../../shared/upload/file-rules';
import { SingleFileUploader } from '../../../shared/upload/single-file-uploader';
import { MissingCredentialError } from '../../../shared/upload/upload-errors';
import { visualState } from '../../../shared/upload/upload-item';
import { useSingleFileUpload } from '../../../shared/upload/use-single-file-upload';
import { musicKeys, submitMusic } from '../api/music-api';
import { MusicRulesDialog } from './music-rules-dialog';
import '../../../shared/review/review-outcome.css';
import { validateMusicForm, type MusicFileState, type MusicFormErrors, type MusicFormField, type MusicFormValues } from './music-form-validation';

const MB = 1024 * 1024;
const EMPTY: MusicFormValues = { songName: '', singer: '', language: '', agreed: false };
/** Answers of the server's file check: the file is gone and must be picked again. */
const FILE_REFUSALS = new Set<number>([Errors.FileSizeOutOfRange, Errors.FileNotMp3, Errors.SongDurationOutOfRange]);

/**
 * The music upload form (spec section 5): song name, singer, the MP3 (uploaded as soon as it is
 * picked), music language and the agreement to the music upload and sharing rules.
 */
export function MusicForm({
  onSubmitted,
  resubmitting,
  onCancelResubmit,
}: {
  onSubmitted(): void;
  /** A rejected song to replace: its name, singer and language are filled in; the file is picked again. */
  resubmitting?: MusicItem | undefined;
  onCancelResubmit?(): void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const ids = useId();
  const [values, setValues] = useState<MusicFormValues>(EMPTY);
  const notice = useRef<HTMLParagraphElement>(null);
  // Fills the form while rendering when another rejected song is picked (no effect pass).
  const [shownResubmit, setShownResubmit] = useState<number>();
  if (resubmitting && resubmitting.id !== shownResubmit) {
    setShownResubmit(resubmitting.id);
    setValues({ songName: resubmitting.songName, singer: resubmitting.singer, language: resubmitting.language, agreed: false });
  } else if (!resubmitting && shownResubmit !== undefined) {
    setShownResubmit(undefined);
  }
  useEffect(() => {
    if (resubmitting) notice.current?.focus();
  }, [resubmitting]);
  const [errors, setErrors] = useState<MusicFormErrors>({});
  /** A message from the file's own checks, already translated. */
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  // The new song heads the list: every page of it is out of date.
  const submission = useInvalidatingMutation(submitMusic, musicKeys.all);
  const submitting = submission.isPending;

  const lang = i18n.language as LanguageCode;
  const failureText = useCallback(
    (error: unknown) => (error instanceof MissingCredentialError ? t('upload.no_credential') : error instanceof AppError ? errorMessage(error, lang, t) : t('music.upload_failed')),
    [lang, t],
  );
  const upload = useSingleFileUpload({ fileType: 'music', onError: (error) => toast.show(failureText(error), 'error') });

  const limit: FileLimit = {
    accept: MUSIC_ACCEPT,
    // The same words as the server's refusal of a file that is not an MP3 (catalogue code 30005).
    acceptTip: codeMessage(Errors.FileNotMp3, t) ?? '',
    maxSize: MUSIC_MAX_BYTES / MB,
    minSize: MUSIC_MIN_BYTES / MB,
    minExclusive: true,
    sizeTip: t('music.file.size'),
    pattern: ILLEGAL_FILE_NAME_SYMBOLS,
    patternTip: t('music.file.name'),
  };

  const fileState: MusicFileState = upload.item ? ({ uploading: 'uploading', compressing: 'uploading', uploaded: 'uploaded', failed: 'failed' } as const)[visualState(upload.item)] : 'none';

  const set = <K extends keyof MusicFormValues>(field: K, value: MusicFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field showed an error, it follows the input.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateMusicForm(next, fileState)[field] }));
  };
  const check = (field: MusicFormField) => setErrors((current) => ({ ...current, [field]: validateMusicForm(values, fileState)[field] }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateMusicForm(values, fileState);
    setErrors(found);
    if (fileProblem && found.file === 'music.file.required') setFileProblem(null);
    const first = (['songName', 'singer', 'file', 'language', 'agreed'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    const uploadId = upload.item?.result?.uploadId;
    if (!uploadId) return;
    try {
      await submission.mutateAsync({
        songName: values.songName.trim(),
        singer: values.singer.trim(),
        language: values.language as MusicLanguage,
        uploadId,
        ...(resubmitting ? { resubmitOf: resubmitting.id } : {}),
      });
      toast.show(t('music.submitted'), 'success');
      setValues(EMPTY);
      setErrors({});
      upload.clear();
      onSubmitted();
    } catch (error) {
      toast.show(errorMessage(error, lang, t), 'error');
      if (error instanceof AppError && FILE_REFUSALS.has(error.code)) {
        upload.clear();
        setFileProblem(errorMessage(error, lang, t));
      }
    }
  }

  // The message's line is always there (empty when the field is fine): a message appearing on
  // blur moves nothing, so the click that caused the blur lands where the pointer was.
  const fieldError = (field: MusicFormField) => {
    const text = field === 'file' && fileProblem ? fileProblem : errors[field] ? t(errors[field]) : null;
    return (
      <p className="music-form__error" id={`${ids}-${field}-error`} role="alert" data-testid={text ? `error-${field}` : undefined}>
        {text}
      </p>
    );
  };
  const describedBy = (field: MusicFormField) => (errors[field] || (field === 'file' && fileProblem) ? `${ids}-${field}-error` : undefined);
  const textField = (field: 'songName' | 'singer', labelKey: string, placeholderKey: string) => (
    <div className="music-form__field">
      <label htmlFor={`${ids}-${field}`}>{t(labelKey)}</label>
      <input
        id={`${ids}-${field}`}
        name={field}
        value={values[field]}
        placeholder={t(placeholderKey)}
        autoComplete="off"
        onChange={(e) => set(field, e.target.value)}
        onBlur={() => check(field)}
        aria-invalid={Boolean(errors[field]) || undefined}
        aria-describedby={describedBy(field)}
      />
      {fieldError(field)}
    </div>
  );

  return (
    <form className="music-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('music.form.title')}</h2>
      {resubmitting && (
        <div className="review-resubmit" data-testid="resubmit-notice">
          <p ref={notice} tabIndex={-1} role="status">
            {t('review.resubmitting', { id: resubmitting.songName })}
          </p>
          <button
            type="button"
            className="music-button"
            disabled={submitting}
            onClick={() => {
              setValues(EMPTY);
              onCancelResubmit?.();
            }}
          >
            {t('review.resubmit_cancel')}
          </button>
        </div>
      )}

      {textField('songName', 'music.song_name', 'music.song_name.placeholder')}
      {textField('singer', 'music.singer', 'music.singer.placeholder')}

      <div className="music-form__field">
        <span className="music-form__label" id={`${ids}-file-label`}>
          {t('music.file')}
        </span>
        <SingleFileUploader
          id={`${ids}-file`}
          upload={upload}
          limit={limit}
          invalid={Boolean(errors.file || fileProblem)}
          describedBy={[`${ids}-file-hint`, describedBy('file')].filter(Boolean).join(' ')}
          onRejected={(message) => {
            setFileProblem(message);
            setErrors((current) => ({ ...current, file: undefined }));
          }}
          onAccepted={() => {
            setFileProblem(null);
            setErrors((current) => ({ ...current, file: undefined }));
          }}
        />
        <p className="music-form__hint" id={`${ids}-file-hint`}>
          {t('music.file.hint')}
        </p>
        {fieldError('file')}
      </div>

      <div className="music-form__field">
        <label htmlFor={`${ids}-language`}>{t('music.language')}</label>
        <select
          id={`${ids}-language`}
          name="language"
          value={values.language}
          onChange={(e) => set('language', e.target.value)}
          onBlur={() => check('language')}
          aria-invalid={Boolean(errors.language) || undefined}
          aria-describedby={describedBy('language')}
        >
          <option value="">{t('music.language.placeholder')}</option>
          {MUSIC_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`music.language.${code}`)}
            </option>
          ))}
        </select>
        {fieldError('language')}
      </div>

      <div className="music-form__field music-form__agreement">
        <input
          id={`${ids}-agreed`}
          type="checkbox"
          checked={values.agreed}
          onChange={(e) => set('agreed', e.target.checked)}
          aria-invalid={Boolean(errors.agreed) || undefined}
          aria-describedby={describedBy('agreed')}
        />
        <label htmlFor={`${ids}-agreed`}>{t('music.agreement.before')}</label>{' '}
        <button type="button" className="music-form__rules-link" onClick={() => setRulesOpen(true)}>
          {t('music.rules.title')}
        </button>
        {fieldError('agreed')}
      </div>

      <button type="submit" className="music-button music-button--primary" disabled={submitting}>
        {submitting ? t('music.submitting') : t('music.submit')}
      </button>
      <MusicRulesDialog open={rulesOpen} onClose={() => setRulesOpen(false)} />
    </form>
  );
}
