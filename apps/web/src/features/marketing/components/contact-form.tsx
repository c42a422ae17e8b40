import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AppError } from '@vsp/contract/app-error';
import { SUPPORT_LIMITS, SUPPORT_TOPICS, type SupportMessageInput, type SupportTopic } from '@vsp/contract/endpoints/support';
import { Errors } from '@vsp/contract/error-codes';
import { isLanguageCode } from '@vsp/contract/languages';
import { errorMessage } from '../../../shared/http/error-message';
import { sendSupportMessage } from '../api/send-support-message';
import { CONTACT_FIELDS, EMPTY_CONTACT, validateContact, type ContactField, type ContactValues, type FieldErrors } from '../content/contact-rules';
import './contact-form.css';

/** The server's field names (`body/email`, `email`) mapped back to the form's fields. */
function serverFieldErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof AppError) || error.code !== Errors.ValidationFailed || !error.fields?.length) return undefined;
  const errors: FieldErrors = {};
  for (const issue of error.fields) {
    const field = CONTACT_FIELDS.find((name) => issue.field === name || issue.field.endsWith(`/${name}`));
    if (field) errors[field] = `udesk.error.${field}_invalid`;
  }
  return Object.keys(errors).length ? errors : undefined;
}

/** A labelled control with its optional hint and its error, linked for screen readers. */
function FieldShell(props: { field: ContactField; label: string; required?: boolean; hint?: string; error: string; children: ReactNode }) {
  const { field, label, required, hint, error, children } = props;
  return (
    <div className="contact-field">
      <label htmlFor={`contact-${field}`}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && (
        <p className="contact-field__hint" id={`contact-${field}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="contact-field__error" id={`contact-${field}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Customer-service contact form: checks, sends, then shows the reference number to quote. */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const message = useMutation({ mutationFn: sendSupportMessage });
  const sending = message.isPending;
  /** The reference number of the message just sent, to quote. */
  const reference = message.data?.reference ?? '';
  const form = useRef<HTMLFormElement>(null);
  const lang = isLanguageCode(i18n.language) ? i18n.language : 'en';

  const focusFirstError = (found: FieldErrors) => {
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = validateContact(values);
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length) {
      focusFirstError(found);
      return;
    }
    const input: SupportMessageInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      uid: values.uid.trim(),
      topic: values.topic as SupportTopic,
      message: values.message.trim(),
      lang,
    };
    try {
      await message.mutateAsync(input);
      setValues(EMPTY_CONTACT);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) {
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      } else {
        setFormError(errorMessage(error, lang, t));
      }
    }
  };

  if (reference) {
    return (
      <div className="contact-done" role="status" data-testid="contact-success">
        <h3>{t('udesk.success.title')}</h3>
        <p>{t('udesk.success.body')}</p>
        <p className="contact-done__reference" data-testid="contact-reference">
          {reference}
        </p>
        <button type="button" className="mk-button" onClick={() => message.reset()}>
          {t('udesk.success.again')}
        </button>
      </div>
    );
  }

  const errorText = (field: ContactField) =>
    errors[field] ? t(errors[field]!, { min: SUPPORT_LIMITS.messageMin, max: field === 'name' ? SUPPORT_LIMITS.nameMax : SUPPORT_LIMITS.messageMax }) : '';
  /** What every control shares: id, name, value, change handler and its error and hint wiring. */
  const control = (field: ContactField, hasHint = false) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
    'aria-invalid': !!errors[field],
    'aria-describedby': [hasHint ? `contact-${field}-hint` : '', errors[field] ? `contact-${field}-error` : ''].filter(Boolean).join(' ') || undefined,
  });

  return (
    <form ref={form} className="contact-form" noValidate onSubmit={submit} aria-describedby="contact-required-note" data-testid="contact-form">
      <p id="contact-required-note" className="contact-form__note">
        {t('udesk.form.required_note')}
      </p>
      <div className="contact-form__row">
        <FieldShell field="name" label={t('udesk.form.name')} error={errorText('name')}>
          <input {...control('name')} autoComplete="nickname" />
        </FieldShell>
        <FieldShell field="email" label={t('udesk.form.email')} required error={errorText('email')}>
          <input {...control('email')} type="email" autoComplete="email" inputMode="email" required />
        </FieldShell>
      </div>
      <div className="contact-form__row">
        <FieldShell field="uid" label={t('udesk.form.uid')} hint={t('udesk.form.uid_hint')} error={errorText('uid')}>
          <input {...control('uid', true)} inputMode="numeric" />
        </FieldShell>
        <FieldShell field="topic" label={t('udesk.form.topic')} required error={errorText('topic')}>
          <select {...control('topic')} required>
            <option value="">{t('udesk.form.topic_choose')}</option>
            {SUPPORT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`udesk.topic.${topic}`)}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
      <FieldShell
        field="message"
        label={t('udesk.form.message')}
        required
        hint={t('udesk.form.message_hint', { count: values.message.trim().length, max: SUPPORT_LIMITS.messageMax })}
        error={errorText('message')}
      >
        <textarea {...control('message', true)} rows={6} required maxLength={SUPPORT_LIMITS.messageMax} />
      </FieldShell>
      {formError && (
        <p className="contact-form__error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="mk-button" disabled={sending} aria-busy={sending}>
        {sending ? t('udesk.form.sending') : t('udesk.form.submit')}
      </button>
    </form>
  );
}
