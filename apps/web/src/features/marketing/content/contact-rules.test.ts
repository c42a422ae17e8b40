import { describe, expect, it } from 'vitest';
import { SUPPORT_LIMITS } from '@vsp/contract/endpoints/support';
import { LABELS } from '@vsp/labels';
import { EMPTY_CONTACT, validateContact } from './contact-rules';

const valid = { name: 'Mia', email: 'mia@example.com', uid: '10000001', topic: 'recharge' as const, message: 'My diamonds did not arrive.' };

describe('contact form rules', () => {
  it('accepts a complete message, with or without the optional fields', () => {
    expect(validateContact(valid)).toEqual({});
    expect(validateContact({ ...valid, name: '', uid: '' })).toEqual({});
  });

  it('names each field at fault with a label that exists', () => {
    const errors = validateContact(EMPTY_CONTACT);
    expect(errors).toEqual({ email: 'udesk.error.email_required', topic: 'udesk.error.topic_required', message: 'udesk.error.message_short' });
    const more = validateContact({ ...valid, name: 'x'.repeat(SUPPORT_LIMITS.nameMax + 1), email: 'mia@', uid: '12a', message: 'y'.repeat(SUPPORT_LIMITS.messageMax + 1) });
    expect(more).toEqual({ name: 'udesk.error.name_long', email: 'udesk.error.email_invalid', uid: 'udesk.error.uid_invalid', message: 'udesk.error.message_long' });
    const keys = new Set(LABELS.map((entry) => entry.key));
    for (const key of [...Object.values(errors), ...Object.values(more)]) expect(keys.has(key!)).toBe(true);
  });

  it('counts the message without surrounding spaces', () => {
    expect(validateContact({ ...valid, message: `   ${'a'.repeat(SUPPORT_LIMITS.messageMin - 1)}   ` }).message).toBe('udesk.error.message_short');
  });
});
