import { CONTACT_MAILBOX, SERVICE_MAILBOX } from '@vsp/contract/constants';
import type { BuildVariant } from '@vsp/contract/site-paths';

export interface StoreLinks {
  ios: string;
  android: string;
}

/** Values the server embeds in the page (#app-config); public by definition. */
export interface PublicConfig {
  signSecrets: Record<string, string>;
  /** The regional site for visitors from the ten countries of spec section 1; empty for none. */
  regionalSiteUrl: string;
  /** The iOS maintenance popup on the home page (an operator switch; on while the notice stands). */
  iosNoticeOpen: boolean;
  /** The support mailboxes (footer, /udesk, about, legal and top-up notices); an operator setting. */
  supportEmails: { contact: string; service: string };
  /** The footer's company registration line, shown only when `show` is on. */
  company: { show: boolean; name: string; registrationNumber: string };
  /** App store links; `regional` belongs to the regional build (its own app identifier). */
  storeLinks: { standard: StoreLinks; regional: StoreLinks };
  socialLinks: { photo: string; network: string; video: string; chat: string };
  /** Deep link that opens the native app. */
  appOpenUrl: string;
  /** Share of sessions that send performance timings (spec section 9: 1). */
  traceSampleRate: number;
  /** How long the top-up page polls an order before offering to continue (ms). */
  rechargeInquiryWindowMs?: number;
}

/** Without an embedded config (the Vite dev server) nothing external is linked. */
const FALLBACK: PublicConfig = {
  signSecrets: {},
  regionalSiteUrl: '',
  iosNoticeOpen: false,
  supportEmails: { contact: CONTACT_MAILBOX, service: SERVICE_MAILBOX },
  company: { show: false, name: '', registrationNumber: '' },
  storeLinks: { standard: { ios: '', android: '' }, regional: { ios: '', android: '' } },
  socialLinks: { photo: '', network: '', video: '', chat: '' },
  appOpenUrl: '',
  traceSampleRate: 1,
};

function readEmbedded(): PublicConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('app-config');
  if (!element?.textContent) return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(element.textContent) as Partial<PublicConfig>) };
  } catch {
    return FALLBACK;
  }
}

export const publicConfig: PublicConfig = readEmbedded();
export const buildVariant: BuildVariant = typeof __BUILD_VARIANT__ === 'undefined' ? 'production' : __BUILD_VARIANT__;

/** The store links of this build: the regional build (stable-me) has its own app identifier. */
export function storeLinksFor(variant: BuildVariant = buildVariant, config: PublicConfig = publicConfig): StoreLinks {
  return variant === 'stable-me' ? config.storeLinks.regional : config.storeLinks.standard;
}
