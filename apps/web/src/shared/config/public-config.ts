import { CONTACT_MAILBOX, SERVICE_MAILBOX } from '@vsp/contract/constants';
// The type only: the schema (and TypeBox) stays out of the bundle.
import type { PublicConfig } from '@vsp/contract/public-config';
import type { BuildVariant } from '@vsp/contract/site-paths';

export type StoreLinks = PublicConfig['storeLinks']['standard'];

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
