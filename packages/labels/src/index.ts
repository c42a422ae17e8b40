import type { LanguageCode } from '@vsp/contract/error-catalogue';
import { commonLabels } from './entries/common';
import { creatorLabels } from './entries/creator';
import { routeLabels } from './entries/routes';
import type { LabelEntry } from './label-entry';

/** Every label of the website, in catalogue order. */
export const LABELS: readonly LabelEntry[] = [...commonLabels, ...routeLabels, ...creatorLabels];

/** Texts of one language as a flat key -> text map (what a visitor downloads). */
export function textsFor(lang: LanguageCode, entries: readonly LabelEntry[] = LABELS): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) out[entry.key] = entry.text[lang] || entry.text.en;
  return out;
}
