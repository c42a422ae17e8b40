import { PAGE_TEXTS_ID } from '@vsp/contract/page-texts';
import type { Texts } from './translator';

/** The texts the prerendered page came with (decision 0178), or null (not prerendered, or a malformed element). */
export function readPageTexts(): Texts | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_TEXTS_ID);
  if (!element?.textContent) return null;
  try {
    const texts: unknown = JSON.parse(element.textContent);
    if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) return null;
    return Object.values(texts).every((text) => typeof text === 'string') ? (texts as Texts) : null;
  } catch {
    return null;
  }
}
