import type { LanguageCode } from '@vsp/contract/language-codes';
import type { LabelTexts } from '@vsp/contract/label-assets';

/**
 * The catalogue built into the site, loaded as its own chunk only when the label download failed
 * and nothing is cached: the page still speaks the visitor's language.
 */
export async function builtInTexts(lang: LanguageCode): Promise<LabelTexts> {
  const { textsFor } = await import('@vsp/labels');
  return textsFor(lang);
}
