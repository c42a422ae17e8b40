import { SUPPORT_EMAIL_PATTERN, SUPPORT_LIMITS, type SupportTopic } from '@vsp/contract/endpoints/support';

/** The contact form's fields and the contract's rules for them, checked before anything is sent. */
export type ContactField = 'name' | 'email' | 'uid' | 'topic' | 'message';
/** A label key per field at fault. */
export type FieldErrors = Partial<Record<ContactField, string>>;
export interface ContactValues {
  name: string;
  email: string;
  uid: string;
  topic: SupportTopic | '';
  message: string;
}

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', uid: '', topic: '', message: '' };
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'uid', 'topic', 'message'];
const emailPattern = new RegExp(SUPPORT_EMAIL_PATTERN);

export function validateContact(values: ContactValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.name.trim().length > SUPPORT_LIMITS.nameMax) errors.name = 'udesk.error.name_long';
  const email = values.email.trim();
  if (!email) errors.email = 'udesk.error.email_required';
  else if (!emailPattern.test(email) || email.length > SUPPORT_LIMITS.emailMax) errors.email = 'udesk.error.email_invalid';
  if (values.uid.trim() && !/^[0-9]{1,15}$/.test(values.uid.trim())) errors.uid = 'udesk.error.uid_invalid';
  if (!values.topic) errors.topic = 'udesk.error.topic_required';
  const message = values.message.trim();
  if (message.length < SUPPORT_LIMITS.messageMin) errors.message = 'udesk.error.message_short';
  else if (message.length > SUPPORT_LIMITS.messageMax) errors.message = 'udesk.error.message_long';
  return errors;
}
