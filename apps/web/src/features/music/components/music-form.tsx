import { useEffect, useId, useRef, useState } from 'react';
import type { MusicItem } from '@vsp/contract/endpoints/music';
import { useLanguageCode, useTranslation } from '../../../shared/i18n/use-translation';
import { AppError } from '@vsp/contract/app-error';
import { MUSIC_MAX_BYTES, MUSIC_MIN_BYTES } from '@vsp/contract/constants';
import { MUSIC_ACCEPT, MUSIC_LANGUAGES, ILLEGAL_FILE_NAME_SYMBOLS, type MusicLanguage } from '@vsp/contract/music-rules';
import { Errors } from '@vsp/contract/error-codes';
import { codeMessage, errorMessage } from '../../../shared/http/error-message';
import { useToast } from '../../../shared/ui/toast';
import { FieldError, useForm } from '../../../shared/form/use-form';
import type { FileLimit } from '../../../shared/upload/file-rules';
import { SingleFileUploader } from '../../../shared/upload/single-file-uploader';
import { MissingCredentialError } from '../../../shared/upload/upload-errors';
import { visualState } from '../../../shared/upload/upload-item';
import { useSingleFileUpload } from '../../../shared/upload/use-single-file-upload';
import { useSubmitMusic } from '../api/submit-music';
import { MusicRulesDialog } from './music-rules-dialog';
import '../../../shared/review/review-outcome.css';
import { validateMusicForm, type MusicFileState, type MusicFormField, type MusicFormValues } from './music-form-validation';

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
  const { t } = useTranslation();
  const toast = useToast();
  const ids = useId();
  const notice = useRef<HTMLParagraphElement>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const submission = useSubmitMusic();
  const submitting = submission.isPending;

  const lang = useLanguageCode();
  const failureText = (error: unknown) => (error instanceof MissingCredentialError ? t('upload.no_credential') : error instanceof AppError ? errorMessage(error, lang, t) : t('music.upload_failed'));
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
  // Once a field showed an error, it follows the input; the file's error comes from its upload's state.
  const form = useForm<MusicFormValues, 'file'>({
    initial: EMPTY,
    errorsOnChange: 'check',
    validate: (values) => {
      const found = validateMusicForm(values, fileState);
      return Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)]));
    },
  });
  // Fills the form while rendering when another rejected song is picked (no effect pass).
  const [shownResubmit, setShownResubmit] = useState<number>();
  if (resubmitting && resubmitting.id !== shownResubmit) {
    setShownResubmit(resubmitting.id);
    form.reset({ songName: resubmitting.songName, singer: resubmitting.singer, language: resubmitting.language, agreed: false });
  } else if (!resubmitting && shownResubmit !== undefined) {
    setShownResubmit(undefined);
  }
  useEffect(() => {
    if (resubmitting) notice.current?.focus();
  }, [resubmitting]);

  const onSubmit = form.onSubmit(async (values) => {
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
      form.reset(EMPTY);
      upload.clear();
      onSubmitted();
    } catch (error) {
      toast.show(errorMessage(error, lang, t), 'error');
      if (error instanceof AppError && FILE_REFUSALS.has(error.code)) {
        upload.clear();
        form.fail({ file: errorMessage(error, lang, t) });
      }
    }
  });

  // The message's line is always there (empty when the field is fine): a message appearing on
  // blur moves nothing, so the click that caused the blur lands where the pointer was.
  const fieldError = (field: MusicFormField) => <FieldError form={form} field={field} className="music-form__error" testId={`error-${field}`} always />;
  const textField = (field: 'songName' | 'singer', labelKey: string, placeholderKey: string) => (
    <div className="music-form__field">
      <label htmlFor={`${ids}-${field}`}>{t(labelKey)}</label>
      <input id={`${ids}-${field}`} {...form.field(field)} placeholder={t(placeholderKey)} autoComplete="off" onBlur={() => form.check(field)} />
      {fieldError(field)}
    </div>
  );

  return (
    <form {...form.props} className="music-form" onSubmit={onSubmit} aria-labelledby={`${ids}-title`}>
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
              form.reset(EMPTY);
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
          name="file"
          upload={upload}
          limit={limit}
          invalid={Boolean(form.errors.file)}
          describedBy={form.aria('file', `${ids}-file-hint`)['aria-describedby']}
          onRejected={(message) => form.setErrors((current) => ({ ...current, file: message }))}
          onAccepted={() => form.setErrors((current) => ({ ...current, file: undefined }))}
        />
        <p className="music-form__hint" id={`${ids}-file-hint`}>
          {t('music.file.hint')}
        </p>
        {fieldError('file')}
      </div>

      <div className="music-form__field">
        <label htmlFor={`${ids}-language`}>{t('music.language')}</label>
        <select id={`${ids}-language`} {...form.field('language')} onBlur={() => form.check('language')}>
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
        <input id={`${ids}-agreed`} {...form.checkbox('agreed')} />
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
