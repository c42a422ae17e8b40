import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@vsp/contract/languages';
import { LABELS } from '../index';
import { guideLabels } from './guides';
import { marketingLabels } from './marketing';

const entries = [...marketingLabels, ...guideLabels];

describe('marketing and guide labels', () => {
  it('have unique keys across the whole catalogue', () => {
    const keys = LABELS.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('have a text in every language, with the same {placeholders} as the English one', () => {
    for (const entry of entries) {
      const wanted = (entry.text.en.match(/\{\w+\}/g) ?? []).sort().join();
      for (const lang of LANGUAGE_CODES) {
        const text = entry.text[lang];
        expect(text?.trim(), `${entry.key} ${lang}`).toBeTruthy();
        expect((text.match(/\{\w+\}/g) ?? []).sort().join(), `${entry.key} ${lang}`).toBe(wanted);
      }
    }
  });

  it('are translated, not English copies (a few loanwords and numbers aside)', () => {
    for (const lang of LANGUAGE_CODES.filter((l) => l !== 'en')) {
      const copies = entries.filter((entry) => entry.text[lang] === entry.text.en).map((entry) => entry.key);
      expect(copies.length, `${lang}: ${copies.join(', ')}`).toBeLessThanOrEqual(Math.ceil(entries.length * 0.05));
    }
  });
});
