import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Translator, fillText } from './translator';

describe('Translator', () => {
  it('shows the language on screen, its placeholders filled, and the key where it has no text', () => {
    const translator = new Translator();
    translator.addTexts('en', { 'music.count': 'Songs: {count}', 'route.home': 'Home' });
    translator.addTexts('ar', { 'route.home': 'الرئيسية' });
    translator.setLanguage('en');
    expect(translator.t('music.count', { count: 3 })).toBe('Songs: 3');
    expect(translator.t('route.missing')).toBe('route.missing');
    expect(translator.exists('route.home')).toBe(true);
    expect(translator.dir()).toBe('ltr');

    translator.setLanguage('ar');
    expect(translator.t('route.home')).toBe('الرئيسية');
    // No fallback to another language: a missing text is visible as its key, as before.
    expect(translator.exists('music.count')).toBe(false);
    expect(translator.dir()).toBe('rtl');
  });

  it('tells its readers once per change, and adding texts replaces only the keys given', () => {
    const translator = new Translator();
    let calls = 0;
    const stop = translator.subscribe(() => (calls += 1));
    translator.addTexts('en', { a: 'A', b: 'B' });
    translator.addTexts('en', { b: 'B2' });
    translator.setLanguage('en'); // already the language: no change
    translator.setLanguage('ko');
    stop();
    translator.setLanguage('en');
    expect(calls).toBe(3);
    expect(translator.t('a')).toBe('A');
    expect(translator.t('b')).toBe('B2');
  });

  it('fills every placeholder from its value, never shows a placeholder without one, and leaves other text as it is', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
    const plain = fc.string().filter((text) => !text.includes('{'));
    fc.assert(
      fc.property(fc.array(fc.tuple(plain, name, fc.string())), plain, (parts, tail) => {
        const text = parts.map(([before, key]) => `${before}{${key}}`).join('') + tail;
        const values = Object.fromEntries(parts.map(([, key, value]) => [key, value]));
        const expected = parts.map(([before, key]) => before + values[key]).join('') + tail;
        expect(fillText(text, values)).toBe(expected);
        expect(fillText(text, {})).toBe(parts.map(([before]) => before).join('') + tail);
      }),
    );
  });
});
