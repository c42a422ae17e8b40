import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPE_CODES } from './component-types';
import { LANGUAGES, SELECTOR_LANGUAGES, languageFromBrowserCodes } from './languages';

describe('languages', () => {
  it('has 12 entries with label, value and browser codes; the selector lists the first eleven', () => {
    expect(LANGUAGES.map((l) => l.value)).toEqual(['en', 'zh-Hans', 'zh-Hant', 'ms', 'in', 'ar', 'vi', 'th', 'tl', 'hi', 'ko', 'tr']);
    expect(SELECTOR_LANGUAGES.map((l) => l.value)).not.toContain('tr');
    expect(SELECTOR_LANGUAGES).toHaveLength(11);
    expect(LANGUAGES.find((l) => l.value === 'ar')?.dir).toBe('rtl');
  });

  it.each([
    [['ar-EG', 'en'], 'ar'],
    [['zh-TW'], 'zh-Hant'],
    [['zh-Hant-MO'], 'zh-Hant'],
    [['zh-CN'], 'zh-Hans'],
    [['id-ID'], 'in'],
    [['fil'], 'tl'],
    [['de-DE', 'ko-KR'], 'ko'],
    [['de-DE'], 'en'],
    [[], 'en'],
  ])('chooses %j -> %s', (tags, expected) => {
    expect(languageFromBrowserCodes(tags)).toBe(expected);
  });

  it('knows the 23 component type codes', () => {
    expect(COMPONENT_TYPE_CODES).toHaveLength(23);
    expect(new Set(COMPONENT_TYPE_CODES).size).toBe(23);
  });
});
