import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@vsp/contract/language-codes';
import type { PublishedLabelEntry } from '@vsp/contract/label-assets';
import { editorEntries, filterEntries, missingLanguages, textOf } from './labels-model';

const full = (key: string, en: string): PublishedLabelEntry =>
  ({ key, describe: `note of ${key}`, ...Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, `${en} (${lang})`])), en }) as PublishedLabelEntry;

describe('label editor model', () => {
  const partial = { ...full('home.title', 'Welcome'), tr: '', ko: '  ' } as PublishedLabelEntry;
  const entries = editorEntries([full('route.home', 'Home'), partial], [{ key: 'home.title', lang: 'tr', text: 'Hoş geldiniz' }]);

  it('lists the languages a key lacks, a draft filling one of them', () => {
    expect(missingLanguages(entries[0]!)).toEqual([]);
    expect(missingLanguages(entries[1]!)).toEqual(['ko']);
    expect(missingLanguages(editorEntries([partial], [])[0]!)).toEqual(['ko', 'tr']);
  });

  it('shows the draft over the published text', () => {
    expect(textOf(entries[1]!, 'tr')).toBe('Hoş geldiniz');
    expect(textOf(entries[1]!, 'en')).toBe('Welcome');
  });

  it('searches keys, notes and texts in every language, case-insensitively', () => {
    const keys = (query: string, more = {}) => filterEntries(entries, { query, missingOnly: false, draftsOnly: false, ...more }).map((e) => e.key);
    expect(keys('ROUTE.')).toEqual(['route.home']);
    expect(keys('hoş geldiniz')).toEqual(['home.title']);
    expect(keys('home (th)')).toEqual(['route.home']);
    expect(keys('note of')).toEqual(['route.home', 'home.title']);
    expect(keys('', { missingOnly: true })).toEqual(['home.title']);
    expect(keys('', { draftsOnly: true })).toEqual(['home.title']);
    expect(keys('nothing like this')).toEqual([]);
  });
});
