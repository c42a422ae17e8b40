import Type, { type TProperties } from 'typebox';
import { EPOCH_MS_MAX, INT4_MAX } from '../integers';

/** The four fields every signed request carries (spec section 7), in its query or JSON body. */
export const signedFieldsSchema = {
  appId: Type.Integer({ minimum: 0, maximum: INT4_MAX, description: '1004 for ordinary calls, 1000 for the upload credential call' }),
  timestamp: Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX, description: 'client time in milliseconds since the epoch' }),
  random: Type.String({ pattern: '^[0-9]{4,6}$', description: '6 digits (4 for the credential call)' }),
  sign: Type.String({ pattern: '^[0-9a-f]{32}$', description: 'MD5 over the sorted non-empty params plus the secret' }),
};

/**
 * One of a list of strings, as a string schema typed as their union. Marked free of side effects:
 * the spread of the list would otherwise keep every top-level schema built with it, and TypeBox with
 * them, in the bundle of a page that only uses the paths of the same file (decision 0116).
 */
/* @__NO_SIDE_EFFECTS__ */
export function stringEnum<T extends string>(values: readonly T[]) {
  return Type.Unsafe<T>(Type.String({ enum: [...values] }));
}

/** An object schema extended with the signed fields. */
export function signed<P extends TProperties>(properties: P) {
  return Type.Object({ ...properties, ...signedFieldsSchema });
}

/**
 * The language the website is shown in, sent with a request whose mails come later (an order's
 * receipt and refund, a deletion's notices): a catalogue code; anything else is mailed in English.
 */
export const MailLanguage = Type.String({ maxLength: 10, description: 'language of the mails about this request (a catalogue code); English when unknown' });
