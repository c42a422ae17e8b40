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
 * One module per document and language, so that a visitor downloads only the text it reads. The
 * languages without a translation show the English text with a notice (spec section 2, "Other").
 */
const LOADERS: Record<LegalDocumentId, Partial<Record<LanguageCode, Loader>>> = {
  privacy: {
    en: () => import('./privacy.en'),
    'zh-Hans': () => import('./privacy.zh-Hans'),
    'zh-Hant': () => import('./privacy.zh-Hant'),
    ar: () => import('./privacy.ar'),
    in: () => import('./privacy.in'),
  },
  terms: {
    en: () => import('./terms.en'),
    'zh-Hans': () => import('./terms.zh-Hans'),
    'zh-Hant': () => import('./terms.zh-Hant'),
    ar: () => import('./terms.ar'),
    in: () => import('./terms.in'),
  },
  children: {
    en: () => import('./children.en'),
    'zh-Hans': () => import('./children.zh-Hans'),
    'zh-Hant': () => import('./children.zh-Hant'),
    ar: () => import('./children.ar'),
    in: () => import('./children.in'),
  },
};

export function hasTranslation(id: LegalDocumentId, lang: LanguageCode): boolean {
  return Boolean(LOADERS[id][lang]);
}

/** The document in the visitor's language when it exists, else in English. */
export async function loadLegalDocument(id: LegalDocumentId, lang: LanguageCode): Promise<{ document: LegalDocument; lang: LanguageCode }> {
  const shownIn: LanguageCode = hasTranslation(id, lang) ? lang : 'en';
  const module = await LOADERS[id][shownIn]!();
  return { document: module.default, lang: shownIn };
}

/** Mailboxes and other deployment values appear in the texts as {placeholders}. */
export function fillLegalText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
