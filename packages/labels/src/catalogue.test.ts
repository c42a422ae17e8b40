import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, LANGUAGE_CODES } from '@vsp/contract/error-catalogue';
import { errorLabelKey } from './entries/errors';
import { LABELS, textsFor } from './index';
import { formatText, parseText, pluralCategoriesOf, type TextPart } from './format';
import { placeholdersOf, pluralArgumentsOf } from './placeholders';

/**
 * Keys whose text is a name and so reads the same in every language. Keep this list short: any
 * other text equal to the English one is an untranslated copy.
 */
const NAME_KEYS: ReadonlySet<string> = new Set([
  'site.name',
  'download.store.ios',
  'download.store.android',
  'footer.social.photo',
  'footer.social.network',
  'footer.social.video',
  'footer.social.chat',
]);

/** Switches the spec keeps as labels ('true' or 'false' per language), not words. */
const FLAG_KEYS: ReadonlySet<string> = new Set(['upload-prompt-show']);

/** A word that really is the same in that language (key and language). */
const SAME_WORD: ReadonlySet<string> = new Set(['creator.tab.tutorial ms', 'creator.tab.tutorial in', 'creator.tab.tutorial tl']);

/**
 * Keys that keep the same 12 texts as another key on purpose: the spec names the key
 * (recharge.userInput.confirm), it is a route title with its header tab, or an error code's text.
 * Any other pair of keys with the same texts is one word twice: use the shared key in common.ts.
 */
const KEPT_TWINS: ReadonlySet<string> = new Set(['recharge.userInput.confirm', 'route.tutorial', 'tab.tutorial']);

const OTHER_LANGUAGES = LANGUAGE_CODES.filter((lang) => lang !== 'en');

describe('label catalogue', () => {
  it('has no key twice', () => {
    const seen = new Set<string>();
    const duplicates = LABELS.map((entry) => entry.key).filter((key) => (seen.has(key) ? true : (seen.add(key), false)));
    expect(duplicates).toEqual([]);
  });

  it('keeps one key per word: no two keys carry the same texts in all 12 languages', () => {
    const keysByTexts = new Map<string, string[]>();
    for (const entry of LABELS) {
      if (KEPT_TWINS.has(entry.key) || entry.key.startsWith('error.')) continue;
      const texts = JSON.stringify(LANGUAGE_CODES.map((lang) => entry.text[lang]));
      keysByTexts.set(texts, [...(keysByTexts.get(texts) ?? []), entry.key]);
    }
    expect([...keysByTexts.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });

  it('spells keys as dot-separated words (the spec mixes recharge.userInput and upload-prompt-show) and describes each', () => {
    for (const entry of LABELS) {
      expect(entry.key, entry.key).toMatch(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/);
      expect(entry.describe.trim(), `${entry.key} describe`).not.toBe('');
    }
  });

  it('has a text in each of the 12 languages for every key', () => {
    const missing = LABELS.flatMap((entry) =>
      LANGUAGE_CODES.filter((lang) => typeof entry.text[lang] !== 'string' || entry.text[lang].trim() === '').map((lang) => `${entry.key} ${lang}`),
    );
    expect(missing).toEqual([]);
  });

  it('writes no text as a copy of the English one unless it is a name', () => {
    const copies = LABELS.filter((entry) => !NAME_KEYS.has(entry.key) && !FLAG_KEYS.has(entry.key)).flatMap((entry) =>
      OTHER_LANGUAGES.filter((lang) => entry.text[lang].trim() === entry.text.en.trim())
        .map((lang) => `${entry.key} ${lang}`)
        .filter((pair) => !SAME_WORD.has(pair)),
    );
    expect(copies).toEqual([]);
  });

  it('keeps the allow-list of names honest: each listed key exists and really is one text', () => {
    for (const key of NAME_KEYS) {
      const entry = LABELS.find((e) => e.key === key);
      expect(entry, key).toBeDefined();
      expect(new Set(Object.values(entry!.text)).size, key).toBe(1);
    }
  });

  it('keeps flags to the words true and false', () => {
    for (const key of FLAG_KEYS) {
      const entry = LABELS.find((e) => e.key === key);
      expect(entry, key).toBeDefined();
      for (const text of Object.values(entry!.text)) expect(['true', 'false']).toContain(text);
    }
  });

  it('carries the same {placeholders} in every language', () => {
    const mismatches = LABELS.flatMap((entry) => {
      const english = placeholdersOf(entry.text.en).join(',');
      return OTHER_LANGUAGES.filter((lang) => placeholdersOf(entry.text[lang]).join(',') !== english).map(
        (lang) => `${entry.key} ${lang}: {${placeholdersOf(entry.text[lang]).join(',')}} vs {${english}}`,
      );
    });
    expect(mismatches).toEqual([]);
  });

  // Decision 0148: a counted text chooses its words by the language's plural rules.
  it('writes every plural form each language needs in every counted text, and counts in every language where English counts', () => {
    const missing = LABELS.flatMap((entry) => {
      const counted = pluralArgumentsOf(entry.text.en);
      return [...LANGUAGE_CODES].flatMap((lang) => {
        const text = entry.text[lang];
        const problems: string[] = [];
        if (pluralArgumentsOf(text).join(',') !== counted.join(',')) problems.push(`${entry.key} ${lang}: counts {${pluralArgumentsOf(text).join(',')}}, English {${counted.join(',')}}`);
        const visit = (parts: readonly TextPart[]) => {
          for (const part of parts) {
            if (part.kind !== 'plural') continue;
            const absent = pluralCategoriesOf(lang).filter((category) => !part.branches.has(category));
            if (absent.length) problems.push(`${entry.key} ${lang}: {${part.name}} lacks ${absent.join(', ')}`);
            for (const branch of part.branches.values()) visit(branch);
          }
        };
        visit(parseText(text));
        return problems;
      });
    });
    expect(missing).toEqual([]);
  });

  it('holds every error code of the catalogue as error.<code> with the catalogue texts', () => {
    for (const code of ERROR_CODES) {
      const entry = LABELS.find((e) => e.key === errorLabelKey(code));
      expect(entry?.text, `error ${code}`).toEqual(ERROR_CATALOGUE[code].text);
    }
    expect(textsFor('ko')['error.10008']).toBe(ERROR_CATALOGUE[10008].text.ko);
  });

  it('answers one language as a flat key -> text map', () => {
    const th = textsFor('th');
    expect(Object.keys(th)).toHaveLength(LABELS.length);
    expect(th['route.home']).toBe('หน้าแรก');
  });
});

describe('placeholdersOf', () => {
  it('finds each {name} once, sorted', () => {
    expect(placeholdersOf('Wait {seconds} s, {num} of {seconds}')).toEqual(['num', 'seconds']);
    expect(placeholdersOf('no placeholder {} here')).toEqual([]);
  });

  it('finds a count and the placeholders inside its branches', () => {
    expect(placeholdersOf('{count, plural, one {# file in {folder}} other {# files in {folder}}}, {size}')).toEqual(['count', 'folder', 'size']);
    expect(pluralArgumentsOf('{count, plural, one {# file} other {# files}} of {total}')).toEqual(['count']);
  });
});

describe('formatText', () => {
  const files = '{count, plural, =0 {no files} one {# file} other {# files}} in {folder}';
  it('fills placeholders and chooses the plural form of the language', () => {
    expect(formatText('Hello {name}', 'en', { name: 'Ana' })).toBe('Hello Ana');
    expect(formatText(files, 'en', { count: 0, folder: 'Hat' })).toBe('no files in Hat');
    expect(formatText(files, 'en', { count: 1, folder: 'Hat' })).toBe('1 file in Hat');
    expect(formatText(files, 'en', { count: 7, folder: 'Hat' })).toBe('7 files in Hat');
    const arabic = '{count, plural, zero {لا ملفات} one {ملف واحد} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}';
    expect([0, 1, 2, 3, 11, 100].map((count) => formatText(arabic, 'ar', { count }))).toEqual(['لا ملفات', 'ملف واحد', 'ملفان', '3 ملفات', '11 ملفًا', '100 ملف']);
    // A count already written for people still chooses its form.
    expect(formatText('{count, plural, one {# triangle} other {# triangles}}', 'en', { count: '1,600' })).toBe('1,600 triangles');
    expect(formatText(arabic, 'ar', { count: '1,003' })).toBe('1,003 ملفات');
    // Indonesian is `in` in the contract and `id` to Intl; it has one form.
    expect(formatText('{count, plural, other {# berkas}}', 'in', { count: 1 })).toBe('1 berkas');
  });

  it('never shows a placeholder name, and keeps a brace in prose', () => {
    expect(formatText('{count, plural, one {# file} other {# files}} {missing}', 'en', {})).toBe(' files ');
    expect(formatText('a {} b', 'en', {})).toBe('a {} b');
  });

  it('refuses a plural without its other form', () => {
    expect(() => parseText('{count, plural, one {# file}}')).toThrow(/other/);
  });
});
