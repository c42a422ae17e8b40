import type { LanguageCode } from '@vsp/contract/languages';
import { preparedModules } from '../../../shared/prepared-modules';

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
export interface LoadedLegalDocument {
  document: LegalDocument;
  lang: LanguageCode;
}

/** The legal documents' query keys: one document in one visitor language. */
export const legalKeys = {
  document: (id: LegalDocumentId, lang: LanguageCode) => ['legal-document', id, lang] as const,
};

const loaded = new Map<string, LoadedLegalDocument>();

export async function loadLegalDocument(id: LegalDocumentId, lang: LanguageCode): Promise<LoadedLegalDocument> {
  const shownIn: LanguageCode = hasTranslation(id, lang) ? lang : 'en';
  const module = await loaderFor(id, shownIn)!();
  // This module too: the router imports it on its own (a chunk of a few lines that re-exports this
  // code), which would otherwise cost the page one more round trip after the app has started.
  preparedModules.add('src/features/marketing/legal/legal-document.ts');
  preparedModules.add(`src/features/marketing/legal/${id}.${shownIn}.ts`);
  const result = { document: module.default, lang: shownIn };
  loaded.set(`${id}:${lang}`, result);
  return result;
}

/**
 * A document already loaded in this page's life: the prerender and the take-over of a prerendered
 * page load it before the first render, so the page renders the document at once, not "loading".
 */
export function loadedLegalDocument(id: LegalDocumentId, lang: LanguageCode): LoadedLegalDocument | undefined {
  return loaded.get(`${id}:${lang}`);
}

/** Mailboxes and other deployment values appear in the texts as {placeholders}. */
export function fillLegalText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
