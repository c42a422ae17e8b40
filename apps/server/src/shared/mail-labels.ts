import { formatText } from '@vsp/labels/format';
import type { LanguageCode } from '@vsp/contract/languages';
import { LABELS } from '@vsp/labels';

const labelsByKey = new Map(LABELS.map((entry) => [entry.key, entry]));

/** A label's text in `lang` (English where it has none), with its ICU parameters filled: what a mail says. */
export function mailLabel(key: string, lang: LanguageCode, params?: Record<string, string | number>): string {
  const entry = labelsByKey.get(key);
  if (!entry) throw new Error(`missing label ${key}`);
  return formatText(entry.text[lang] || entry.text.en, lang, params);
}
