import { LANGUAGE_CODES, type LanguageCode } from '@vsp/contract/language-codes';
import type { PublishedLabelEntry } from '@vsp/contract/label-assets';

export interface LabelDraft {
  key: string;
  lang: LanguageCode;
  text: string;
}

/** One row of the label editor: the published texts and the operator's drafts on top. */
export interface EditorEntry {
  key: string;
  describe: string;
  published: Partial<Record<LanguageCode, string>>;
  drafts: Partial<Record<LanguageCode, string>>;
}

export function editorEntries(published: readonly PublishedLabelEntry[], drafts: readonly LabelDraft[]): EditorEntry[] {
  const byKey = new Map<string, Partial<Record<LanguageCode, string>>>();
  for (const draft of drafts) (byKey.get(draft.key) ?? byKey.set(draft.key, {}).get(draft.key)!)[draft.lang] = draft.text;
  return published.map((entry) => ({
    key: entry.key,
    describe: entry.describe,
    published: Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, entry[lang]])) as Partial<Record<LanguageCode, string>>,
    drafts: byKey.get(entry.key) ?? {},
  }));
}

/** The text a language shows after the next publish: the draft, else the published text. */
export function textOf(entry: EditorEntry, lang: LanguageCode): string {
  return entry.drafts[lang] ?? entry.published[lang] ?? '';
}

/** The languages a key has no text in (absent or blank), counting drafts. */
export function missingLanguages(entry: EditorEntry): LanguageCode[] {
  return LANGUAGE_CODES.filter((lang) => textOf(entry, lang).trim() === '');
}

/** Case-insensitive match on the key, the translator note or any language's text. */
export function matchesQuery(entry: EditorEntry, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  if (entry.key.toLocaleLowerCase().includes(q) || entry.describe.toLocaleLowerCase().includes(q)) return true;
  return LANGUAGE_CODES.some((lang) => textOf(entry, lang).toLocaleLowerCase().includes(q));
}

export function filterEntries(entries: readonly EditorEntry[], filter: { query: string; missingOnly: boolean; draftsOnly: boolean }): EditorEntry[] {
  return entries.filter(
    (entry) =>
      matchesQuery(entry, filter.query) &&
      (!filter.missingOnly || missingLanguages(entry).length > 0) &&
      (!filter.draftsOnly || Object.keys(entry.drafts).length > 0),
  );
}
