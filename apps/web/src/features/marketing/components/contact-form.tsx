import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLanguageCode, useTranslation } from '../../../shared/i18n/use-translation';
import { SUPPORT_LIMITS, SUPPORT_TOPICS, type SupportMessageInput, type SupportTopic } from '@vsp/contract/endpoints/support';
import { errorMessage } from '../../../shared/http/error-message';
import { FieldError, useForm } from '../../../shared/form/use-form';
import { sendSupportMessage } from '../api/send-support-message';
import { CONTACT_FIELDS, EMPTY_CONTACT, validateContact, type ContactField, type ContactValues, type FieldErrors } from '../content/contact-rules';
import './contact-form.css';

/** A labelled control with its optional hint and its error, linked for screen readers. */
function FieldShell(props: { form: { errors: FieldErrors; errorId(field: ContactField): string }; field: ContactField; label: string; required?: boolean; hint?: string; children: ReactNode }) {
  const { form, field, label, required, hint, children } = props;
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
      <FieldError form={form} field={field} className="contact-field__error" />
    </div>
  );
}

/** Customer-service contact form: checks, sends, then shows the reference number to quote. */
export function ContactForm() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState('');
  const message = useMutation({ mutationFn: sendSupportMessage });
  const sending = message.isPending;
  /** The reference number of the message just sent, to quote. */
  const reference = message.data?.reference ?? '';
  const lang = useLanguageCode();
  const form = useForm<ContactValues>({
    initial: EMPTY_CONTACT,
    busy: sending,
    errorsOnChange: 'clear',
    validate: (values) => {
      const found = validateContact(values);
      const word = (field: ContactField) => found[field] && t(found[field], { min: SUPPORT_LIMITS.messageMin, max: field === 'name' ? SUPPORT_LIMITS.nameMax : SUPPORT_LIMITS.messageMax });
      return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, word(field)]));
    },
  });

  const send = form.onSubmit(async (values) => {
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
      form.reset(EMPTY_CONTACT);
    } catch (error) {
      // The server names a field by its path (`body/email`): each the form has is worded as invalid.
      const shown = form.failWith(error, ({ field }) => (CONTACT_FIELDS.includes(field as ContactField) ? { [field]: t(`udesk.error.${field}_invalid`) } : undefined));
      if (!shown) setFormError(errorMessage(error, lang, t));
    }
  });

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

  /** What every control shares: id, name, value, change handler and its error and hint wiring. */
  const control = (field: ContactField, hasHint = false) => ({ id: `contact-${field}`, ...form.field(field, hasHint && `contact-${field}-hint`) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFormError('');
    send(event);
  };

  return (
    <form {...form.props} className="contact-form" onSubmit={submit} aria-describedby="contact-required-note" data-testid="contact-form">
      <p id="contact-required-note" className="contact-form__note">
        {t('udesk.form.required_note')}
      </p>
      <div className="contact-form__row">
        <FieldShell form={form} field="name" label={t('udesk.form.name')}>
          <input {...control('name')} autoComplete="nickname" />
        </FieldShell>
        <FieldShell form={form} field="email" label={t('udesk.form.email')} required>
          <input {...control('email')} type="email" autoComplete="email" inputMode="email" required />
        </FieldShell>
      </div>
      <div className="contact-form__row">
        <FieldShell form={form} field="uid" label={t('udesk.form.uid')} hint={t('udesk.form.uid_hint')}>
          <input {...control('uid', true)} inputMode="numeric" />
        </FieldShell>
        <FieldShell form={form} field="topic" label={t('udesk.form.topic')} required>
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
        form={form}
        field="message"
        label={t('udesk.form.message')}
        required
        hint={t('udesk.form.message_hint', { count: form.values.message.trim().length, max: SUPPORT_LIMITS.messageMax })}
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
