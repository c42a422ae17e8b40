import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@vsp/contract/languages';
import { fillLegalText, hasTranslation, loadLegalDocument, type LegalDocument, type LegalDocumentId } from './legal-document';

const DOCUMENTS: readonly LegalDocumentId[] = ['privacy', 'terms', 'children'];
const TRANSLATED = ['en', 'zh-Hans', 'zh-Hant', 'ar', 'in'] as const;

const placeholders = (doc: LegalDocument) =>
  JSON.stringify(doc)
    .match(/\{\w+\}/g)
    ?.sort()
    .join(',') ?? '';

describe.each(DOCUMENTS)('the %s document', (id) => {
  it('exists in full in English, Simplified and Traditional Chinese, Arabic and Indonesian', async () => {
    const english = (await loadLegalDocument(id, 'en')).document;
    for (const lang of TRANSLATED) {
      const { document, lang: shownIn } = await loadLegalDocument(id, lang);
      expect(shownIn).toBe(lang);
      // A translation keeps the structure and every mailbox of the English text.
      expect(document.sections.length).toBe(english.sections.length);
      document.sections.forEach((section, i) => {
        expect(section.paragraphs.length + (section.items?.length ?? 0)).toBe(english.sections[i]!.paragraphs.length + (english.sections[i]!.items?.length ?? 0));
      });
      expect(placeholders(document)).toBe(placeholders(english));
      if (lang !== 'en') expect(document.title).not.toBe(english.title);
    }
  });

  it('falls back to English for the other languages', async () => {
    for (const lang of LANGUAGE_CODES.filter((l) => !(TRANSLATED as readonly string[]).includes(l))) {
      expect(hasTranslation(id, lang)).toBe(false);
      expect((await loadLegalDocument(id, lang)).lang).toBe('en');
    }
  });
});

describe('legal text placeholders', () => {
  it('fills known values and leaves unknown ones visible', () => {
    expect(fillLegalText('Write to {serviceMailbox} or {other}', { serviceMailbox: 'a@b.c' })).toBe('Write to a@b.c or {other}');
  });
});
