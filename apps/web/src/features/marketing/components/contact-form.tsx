import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_LIMITS, SUPPORT_TOPICS, type SupportMessageInput, type SupportTopic } from '@vsp/contract/endpoints/support';
import { isLanguageCode } from '@vsp/contract/languages';
import { ApiError } from '../../../shared/http/http-client';
import { errorMessage } from '../../../shared/http/error-message';
import { sendSupportMessage } from '../api/send-support-message';
import { CONTACT_FIELDS, EMPTY_CONTACT, validateContact, type ContactField, type ContactValues, type FieldErrors } from '../content/contact-rules';
import './contact-form.css';

/** The server's field names (`body/email`, `email`) mapped back to the form's fields. */
function serverFieldErrors(error: unknown): FieldErrors | undefined {
  if (!(error instanceof ApiError) || error.code !== 40000 || !error.body.errInfo.fields?.length) return undefined;
  const errors: FieldErrors = {};
  for (const issue of error.body.errInfo.fields) {
    const field = CONTACT_FIELDS.find((name) => issue.field === name || issue.field.endsWith(`/${name}`));
    if (field) errors[field] = `udesk.error.${field}_invalid`;
  }
  return Object.keys(errors).length ? errors : undefined;
}

/** Customer-service contact form: checks, sends, then shows the reference number to quote. */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [sending, setSending] = useState(false);
  const [reference, setReference] = useState('');
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
    setSending(true);
    const input: SupportMessageInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      uid: values.uid.trim(),
      topic: values.topic as SupportTopic,
      message: values.message.trim(),
      lang,
    };
    try {
      const receipt = await sendSupportMessage(input);
      setReference(receipt.reference);
      setValues(EMPTY_CONTACT);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) {
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      } else {
        setFormError(errorMessage(error, lang, t));
      }
    } finally {
      setSending(false);
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
        <button type="button" className="mk-button" onClick={() => setReference('')}>
          {t('udesk.success.again')}
        </button>
      </div>
    );
  }

  const set = (field: ContactField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const describedBy = (field: ContactField, hint?: boolean) =>
    [hint ? `contact-${field}-hint` : '', errors[field] ? `contact-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  const errorLine = (field: ContactField) =>
    errors[field] ? (
      <p className="contact-field__error" id={`contact-${field}-error`}>
        {t(errors[field]!, { min: SUPPORT_LIMITS.messageMin, max: field === 'name' ? SUPPORT_LIMITS.nameMax : SUPPORT_LIMITS.messageMax })}
      </p>
    ) : null;

  return (
    <form ref={form} className="contact-form" noValidate onSubmit={submit} aria-describedby="contact-required-note" data-testid="contact-form">
      <p id="contact-required-note" className="contact-form__note">
        {t('udesk.form.required_note')}
      </p>
      <div className="contact-form__row">
        <div className="contact-field">
          <label htmlFor="contact-name">{t('udesk.form.name')}</label>
          <input id="contact-name" name="name" autoComplete="nickname" value={values.name} onChange={set('name')} aria-invalid={!!errors.name} aria-describedby={describedBy('name')} />
          {errorLine('name')}
        </div>
        <div className="contact-field">
          <label htmlFor="contact-email">
            {t('udesk.form.email')} <span aria-hidden="true">*</span>
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={values.email}
            onChange={set('email')}
            aria-invalid={!!errors.email}
            aria-describedby={describedBy('email')}
          />
          {errorLine('email')}
        </div>
      </div>
      <div className="contact-form__row">
        <div className="contact-field">
          <label htmlFor="contact-uid">{t('udesk.form.uid')}</label>
          <input id="contact-uid" name="uid" inputMode="numeric" value={values.uid} onChange={set('uid')} aria-invalid={!!errors.uid} aria-describedby={describedBy('uid', true)} />
          <p className="contact-field__hint" id="contact-uid-hint">
            {t('udesk.form.uid_hint')}
          </p>
          {errorLine('uid')}
        </div>
        <div className="contact-field">
          <label htmlFor="contact-topic">
            {t('udesk.form.topic')} <span aria-hidden="true">*</span>
          </label>
          <select id="contact-topic" name="topic" required value={values.topic} onChange={set('topic')} aria-invalid={!!errors.topic} aria-describedby={describedBy('topic')}>
            <option value="">{t('udesk.form.topic_choose')}</option>
            {SUPPORT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`udesk.topic.${topic}`)}
              </option>
            ))}
          </select>
          {errorLine('topic')}
        </div>
      </div>
      <div className="contact-field">
        <label htmlFor="contact-message">
          {t('udesk.form.message')} <span aria-hidden="true">*</span>
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          maxLength={SUPPORT_LIMITS.messageMax}
          value={values.message}
          onChange={set('message')}
          aria-invalid={!!errors.message}
          aria-describedby={describedBy('message', true)}
        />
        <p className="contact-field__hint" id="contact-message-hint">
          {t('udesk.form.message_hint', { count: values.message.trim().length, max: SUPPORT_LIMITS.messageMax })}
        </p>
        {errorLine('message')}
      </div>
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
