import { describe, expect, it } from 'vitest';
import { dateTimeFormat, graphemes, listFormat, numberFormat, pluralRules, regionNames } from './intl-formats';
import { LANGUAGE_CODES } from './language-codes';

describe('intl-formats: one formatter per language and options, built when first asked for', () => {
  it('hands out the same formatter for the same language and options, and another for other options', () => {
    const long = dateTimeFormat('ms', { dateStyle: 'long' });
    expect(dateTimeFormat('ms', { dateStyle: 'long' })).toBe(long);
    expect(dateTimeFormat('ms', { dateStyle: 'medium' })).not.toBe(long);
    expect(dateTimeFormat('vi', { dateStyle: 'long' })).not.toBe(long);
    expect(numberFormat('en')).toBe(numberFormat('en'));
  });

  it.each(LANGUAGE_CODES)('formats in %s as Intl does for its BCP 47 locale', (lang) => {
    const locale = lang === 'in' ? 'id' : lang === 'tl' ? 'fil' : lang;
    const at = Date.UTC(2026, 10, 29, 15, 30);
    expect(dateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(at)).toBe(new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at));
    expect(numberFormat(lang).format(1234567.5)).toBe(new Intl.NumberFormat(locale).format(1234567.5));
    expect(pluralRules(lang).resolvedOptions().locale).toBe(new Intl.PluralRules(locale).resolvedOptions().locale);
  });

  it('names regions, joins lists and splits graphemes', () => {
    expect(regionNames('in').of('MY')).toBe('Malaysia');
    expect(regionNames('en').of('MY')).toBe('Malaysia');
    expect(listFormat('en', { type: 'conjunction' }).format(['a', 'b', 'c'])).toBe('a, b, and c');
    expect([...graphemes('und').segment('👩‍👧e\u0301')].map((s) => s.segment)).toEqual(['👩‍👧', 'e\u0301']);
  });
});
