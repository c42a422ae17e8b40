import type { BuildVariant } from '@vsp/contract/site-paths';

/** Values the server embeds in the page (#app-config); public by definition. */
export interface PublicConfig {
  signSecrets: Record<string, string>;
  /** The regional site for visitors from the ten countries of spec section 1; empty for none. */
  regionalSiteUrl: string;
  /** The iOS maintenance popup on the home page (an operator switch; on while the notice stands). */
  iosNoticeOpen: boolean;
}

const FALLBACK: PublicConfig = { signSecrets: {}, regionalSiteUrl: '', iosNoticeOpen: false };

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
export const buildVariant: BuildVariant = __BUILD_VARIANT__;
