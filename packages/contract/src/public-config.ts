import Type, { type Static } from 'typebox';
import { HttpUrlSchema, SiteStoreLinksSchema, SupportEmailsSchema } from './endpoints/site-settings';

/**
 * The public page configuration: the values the server embeds in every page of the website and the
 * console (`<script id="app-config">`), public by definition. The server builds it, the website and
 * the console read it; they import the type only, so no schema code reaches their bundles.
 */
export const PublicConfigSchema = Type.Object({
  /** Request signing secrets per app id (the browser's requests are signed like the app's). */
  signSecrets: Type.Record(Type.String(), Type.String()),
  /** The regional site for visitors from the ten countries of spec section 1; empty for none. */
  regionalSiteUrl: Type.String(),
  /** The iOS maintenance popup on the home page (an operator switch; on while the notice stands). */
  iosNoticeOpen: Type.Boolean(),
  /** The support mailboxes (footer, /udesk, about, legal and top-up notices); an operator setting. */
  supportEmails: SupportEmailsSchema,
  /** The footer's company registration line, shown only when `show` is on. */
  company: Type.Object({ show: Type.Boolean(), name: Type.String(), registrationNumber: Type.String() }),
  /** App store links; `regional` belongs to the regional build (its own app identifier). An operator setting. */
  storeLinks: SiteStoreLinksSchema,
  socialLinks: Type.Object({ photo: HttpUrlSchema, network: HttpUrlSchema, video: HttpUrlSchema, chat: HttpUrlSchema }),
  /** Deep link that opens the native app. */
  appOpenUrl: Type.String(),
  /** Share of sessions that send performance timings (spec section 9: 1). */
  traceSampleRate: Type.Number({ minimum: 0, maximum: 1 }),
  /**
   * On a prerendered page: the label version whose texts the server's HTML carries. The site
   * hydrates the page with texts at least that new (a cached older copy is passed over).
   */
  labelVersion: Type.Optional(Type.Integer({ minimum: 0 })),
  /** How long the top-up page polls an order before offering to continue (ms). */
  rechargeInquiryWindowMs: Type.Optional(Type.Integer({ minimum: 1000 })),
});
export type PublicConfig = Static<typeof PublicConfigSchema>;

/** The part an operator changes while the server runs (site settings, the iOS notice switch): read on every page load. */
export type LivePublicConfig = Pick<PublicConfig, 'storeLinks' | 'supportEmails' | 'iosNoticeOpen'>;
