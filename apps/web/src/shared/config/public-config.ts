import type { BuildVariant } from '@vsp/contract/site-paths';

/** Values the server embeds in the page (#app-config); public by definition. */
export interface PublicConfig {
  signSecrets: Record<string, string>;
  /** How long the top-up page polls an order before offering to continue (ms). */
  rechargeInquiryWindowMs?: number;
}

const FALLBACK: PublicConfig = { signSecrets: {} };

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
