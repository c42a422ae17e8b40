import { numberFormat } from '@vsp/contract/intl-formats';
import type { LanguageCode } from '@vsp/contract/language-codes';
import { languageFromBrowserCodes } from '@vsp/contract/languages';
import { assetLabels } from '@vsp/labels/entries/assets';

/** The operator's language, from the browser's preferred languages (the console has no switcher). */
export function operatorLanguage(): LanguageCode {
  return typeof navigator === 'undefined' ? 'en' : languageFromBrowserCodes(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

const names = new Map(assetLabels.map((entry) => [entry.key.slice('asset.'.length), entry.text]));

/**
 * An asset's name of spec section 3 (the label `asset.<id>`, as the website shows it) in the
 * operator's language; an asset the catalogue does not name shows its id.
 */
export function assetName(asset: string, lang: LanguageCode = operatorLanguage()): string {
  const text = names.get(asset);
  return text ? text[lang] || text.en : asset;
}

/** Pack contents as "Diamond ×60, Party hat ×1". */
export function contentsText(contents: readonly { asset: string; quantity: number }[], lang: LanguageCode = operatorLanguage()): string {
  return contents.map((line) => `${assetName(line.asset, lang)} ×${numberFormat(lang).format(line.quantity)}`).join(', ');
}
