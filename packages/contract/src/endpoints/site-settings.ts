import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { signed } from './signed';

/**
 * Operator settings the public website reads from its page config (#app-config): the store links
 * of each build variant and the two support mailboxes (footer, /udesk, top-up notices).
 */
export const consoleSiteSettingsPath = '/v1/console/settings/site';

export const HTTP_URL_PATTERN = '^https?://[^\\s]+$';
export const MAILBOX_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
export const HttpUrlSchema = Type.String({ minLength: 9, maxLength: 500, pattern: HTTP_URL_PATTERN, description: 'an http(s) address' });
export const MailboxSchema = Type.String({ minLength: 3, maxLength: 254, pattern: MAILBOX_PATTERN, description: 'an e-mail address' });

export const StoreLinksSchema = Type.Object({ ios: HttpUrlSchema, android: HttpUrlSchema }, { additionalProperties: false });
export const SiteStoreLinksSchema = Type.Object(
  {
    standard: StoreLinksSchema,
    /** The regional build (stable-me) has its own app identifier. */
    regional: StoreLinksSchema,
  },
  { additionalProperties: false },
);
export const SupportEmailsSchema = Type.Object(
  {
    contact: MailboxSchema,
    /** The 24-hour customer service mailbox. */
    service: MailboxSchema,
  },
  { additionalProperties: false },
);

export const SiteSettingsSchema = Type.Object({ storeLinks: SiteStoreLinksSchema, supportEmails: SupportEmailsSchema });
export type SiteSettings = Static<typeof SiteSettingsSchema>;

export const SiteSettingsQuery = signed({});
export const SiteSettingsBody = signed({
  storeLinks: Type.Optional(SiteStoreLinksSchema),
  supportEmails: Type.Optional(SupportEmailsSchema),
});
export const SiteSettingsResponse = Ok(SiteSettingsSchema);
