import type { LanguageCode } from '@vsp/contract/languages';

/** A legal text in one language: plain data, loaded only on its own page. */
export interface LegalDocument {
  title: string;
  /** Date of the current version, as readers of that language write it. */
  updated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

export type LegalDocumentId = 'privacy' | 'terms' | 'children';

type Loader = () => Promise<{ default: LegalDocument }>;

/**
 * One module per document and language (`<doc>.<lang>.ts`), so that a visitor downloads only the
 * text it reads. The languages without a translation show the English text with a notice (spec
 * section 2, "Other"). Adding a translation is adding its file.
 */
const MODULES = import.meta.glob<{ default: LegalDocument }>(['./privacy.*.ts', './terms.*.ts', './children.*.ts', '!./*.test.ts']);

function loaderFor(id: LegalDocumentId, lang: LanguageCode): Loader | undefined {
  return MODULES[`./${id}.${lang}.ts`];
}

export function hasTranslation(id: LegalDocumentId, lang: LanguageCode): boolean {
  return Boolean(loaderFor(id, lang));
}

/** The document in the visitor's language when it exists, else in English. */
export async function loadLegalDocument(id: LegalDocumentId, lang: LanguageCode): Promise<{ document: LegalDocument; lang: LanguageCode }> {
  const shownIn: LanguageCode = hasTranslation(id, lang) ? lang : 'en';
  const module = await loaderFor(id, shownIn)!();
  return { document: module.default, lang: shownIn };
}

/** Mailboxes and other deployment values appear in the texts as {placeholders}. */
export function fillLegalText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
