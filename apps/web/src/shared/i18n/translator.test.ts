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

  it('answers the keys a render looked up, found or not, and only during that render', () => {
    const translator = new Translator();
    translator.addTexts('en', { 'route.home': 'Home' });
    translator.setLanguage('en');
    const { result, keys } = translator.record(() => [translator.t('route.home'), translator.exists('route.missing')]);
    expect(result).toEqual(['Home', false]);
    expect([...keys]).toEqual(['route.home', 'route.missing']);
    translator.t('route.later');
    expect(keys.has('route.later')).toBe(false);
  });

  it('renders nothing again for texts that change nothing shown, and again once a lookup had found nothing', () => {
    const translator = new Translator();
    translator.setLanguage('th');
    translator.addTexts('th', { 'route.home': 'A' });
    let calls = 0;
    translator.subscribe(() => (calls += 1));
    // The rest of the language: the same text for the key held, new keys nobody asked for.
    translator.addTexts('th', { 'route.home': 'A', 'route.about': 'B' });
    expect(calls).toBe(0);
    expect(translator.t('route.about')).toBe('B');
    // A changed text is shown again.
    translator.addTexts('th', { 'route.home': 'A2' });
    expect(calls).toBe(1);
    // A key looked up without a text: the next texts re-render, whatever they hold.
    expect(translator.t('orders.link')).toBe('orders.link');
    translator.addTexts('th', { 'orders.link': 'Orders' });
    expect(calls).toBe(2);
    translator.addTexts('th', { 'other.key': 'x' });
    expect(calls).toBe(2);
  });
});
