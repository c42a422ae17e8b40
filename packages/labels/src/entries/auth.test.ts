import { describe, expect, it } from 'vitest';
import { accountRuleLabel, type AccountIssue } from '@vsp/contract/account-rules';
import { LANGUAGE_CODES } from '@vsp/contract/error-catalogue';
import { LABELS } from '../index';
import { authLabels } from './auth';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('auth labels', () => {
  it('have a note and a text in each of the 12 languages, with the same placeholders as the English', () => {
    for (const entry of authLabels) {
      expect(entry.describe, entry.key).not.toBe('');
      for (const lang of LANGUAGE_CODES) {
        expect(entry.text[lang], `${entry.key} ${lang}`).toBeTruthy();
        expect(placeholders(entry.text[lang]), `${entry.key} ${lang}`).toEqual(placeholders(entry.text.en));
      }
    }
  });

  it('are translated, not English copies (brand names and a few shared words aside)', () => {
    const copies = authLabels.flatMap((entry) =>
      LANGUAGE_CODES.filter((lang) => lang !== 'en' && entry.text[lang] === entry.text.en).map((lang) => `${entry.key} ${lang}`),
    );
    // Filipino uses the English words "Password", "Email" and "Account" as its own.
    expect(copies.filter((c) => !c.endsWith(' tl'))).toEqual([]);
  });

  it('do not clash with another entry of the catalogue', () => {
    const keys = LABELS.map((entry) => entry.key);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('explain every rule an account field can break', () => {
    const issues: AccountIssue[] = [
      ...(['required', 'tooShort', 'tooLong', 'pattern', 'taken'] as const).map((rule) => ({ field: 'userName' as const, rule })),
      ...(['required', 'tooLong', 'pattern', 'taken'] as const).map((rule) => ({ field: 'email' as const, rule })),
      ...(['required', 'tooLong', 'pattern'] as const).map((rule) => ({ field: 'nickname' as const, rule })),
      ...(['required', 'tooShort', 'tooLong', 'weak'] as const).map((rule) => ({ field: 'passWord' as const, rule })),
    ];
    const keys = new Set(authLabels.map((entry) => entry.key));
    for (const issue of issues) expect(keys.has(accountRuleLabel(issue)), accountRuleLabel(issue)).toBe(true);
  });
});
