import { describe, expect, it } from 'vitest';
import { AppError, errorText } from './app-error';
import { ERROR_CATALOGUE, LANGUAGE_CODES } from './error-catalogue';

const SPEC_CODES = [
  2, 2000, 70000, 2001, 2002, 9001, 10004, 10007, 10008, 10010, 10019, 10020, 10021, 10022, 10025, 10030, 10037,
  10039, 10040, 10043, 10046, 10047, 10048, 10064, 10091, 10101, 70001, 280001001, 280001002, 280001003,
  280001004, 280001005,
];

describe('error catalogue', () => {
  it('holds every code of spec section 8 with a text in each of the 12 languages', () => {
    for (const code of SPEC_CODES) {
      const entry = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE];
      expect(entry, `code ${code}`).toBeDefined();
      for (const lang of LANGUAGE_CODES) expect(entry.text[lang].trim(), `${code} ${lang}`).not.toBe('');
    }
  });

  it('writes the other languages in their own words, not as English copies', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      for (const lang of LANGUAGE_CODES.filter((l) => l !== 'en')) {
        expect(entry.text[lang], `${code} ${lang}`).not.toBe(entry.text.en);
      }
    }
  });

  it('keeps the spec texts for login and gift codes', () => {
    expect(errorText(10008, 'en')).toBe('User not registered');
    expect(errorText(10007, 'en')).toBe('The password entered is incorrect');
    expect(errorText(280001001, 'en')).toBe('Please enter a valid gift pack code!');
  });

  it('answers the language, else English, else the word Error', () => {
    expect(errorText(10064, 'ko')).toBe(ERROR_CATALOGUE[10064].text.ko);
    expect(errorText(123456, 'ko')).toBe('Error');
    expect(errorText(42900, 'en', { seconds: 30 })).toContain('30');
  });

  it('gives every code an honest HTTP status', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.httpStatus, code).toBeGreaterThanOrEqual(400);
      expect(entry.httpStatus, code).toBeLessThan(600);
    }
    expect(new AppError(10064).httpStatus).toBe(403);
  });
});
