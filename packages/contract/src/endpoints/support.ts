import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { signed } from './signed';

/** Customer service (/udesk): a visitor leaves a message and gets a reference number back. */
export const supportMessagePath = '/v1/support/message';

export const SUPPORT_TOPICS = ['account', 'recharge', 'gift_code', 'bug', 'safety', 'creator', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_LIMITS = {
  nameMax: 40,
  emailMax: 254,
  messageMin: 10,
  messageMax: 2000,
  /** Messages one address may send per window. */
  perAddress: 5,
  windowMs: 60 * 60 * 1000,
} as const;

/** The same rule in the browser and on the server: something@something.tld, no spaces. */
export const SUPPORT_EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

export const SupportMessageBody = signed({
  name: Type.Optional(Type.String({ maxLength: SUPPORT_LIMITS.nameMax, description: 'how to address the visitor' })),
  email: Type.String({ maxLength: SUPPORT_LIMITS.emailMax, pattern: SUPPORT_EMAIL_PATTERN, description: 'where the answer goes' }),
  uid: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'the account ID, when the visitor knows it' })),
  // The literals of SUPPORT_TOPICS, spelled out so that TypeBox infers the union type.
  topic: Type.Union([
    Type.Literal('account'),
    Type.Literal('recharge'),
    Type.Literal('gift_code'),
    Type.Literal('bug'),
    Type.Literal('safety'),
    Type.Literal('creator'),
    Type.Literal('other'),
  ]),
  message: Type.String({ minLength: SUPPORT_LIMITS.messageMin, maxLength: SUPPORT_LIMITS.messageMax }),
  lang: Type.Optional(Type.String({ maxLength: 10, description: 'the interface language, so the answer can use it' })),
});
export type SupportMessageInput = Omit<Static<typeof SupportMessageBody>, 'appId' | 'timestamp' | 'random' | 'sign'>;

export const SupportReceiptSchema = Type.Object({
  reference: Type.String({ description: 'quoted by the visitor and the agent, e.g. CS-7KQ2-M9XD' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export const SupportMessageResponse = Ok(SupportReceiptSchema);
export type SupportReceipt = Static<typeof SupportReceiptSchema>;

