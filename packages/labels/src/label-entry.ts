import type { LocalizedText } from '@vsp/contract/language-codes';

/** One visible string: its key, a note for translators on where it shows, and its 12 texts. */
export interface LabelEntry {
  readonly key: string;
  readonly describe: string;
  readonly text: LocalizedText;
}

export function defineLabels(entries: readonly LabelEntry[]): readonly LabelEntry[] {
  return entries;
}
