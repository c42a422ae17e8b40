import { DEFAULT_LANGUAGE, isLanguageCode, languageEntry, type LanguageCode } from '@vsp/contract/languages';
import { formatText } from '@vsp/labels/format';

/** One language's texts: dotted label keys ('route.home', 'error.10008') to text. */
export type Texts = Readonly<Record<string, string>>;

/** Values for a text's `{name}` placeholders. */
export type TextValues = Readonly<Record<string, string | number>>;

/**
 * Fills a text's placeholders from `values`: `{name}`, and `{count, plural, ...}` chosen by `lang`'s
 * plural rules (decision 0148); a placeholder without a value becomes empty (a missing value never
 * shows its name to a visitor).
 */
export function fillText(text: string, values?: TextValues, lang: LanguageCode = DEFAULT_LANGUAGE): string {
  return values ? formatText(text, lang, values) : text;
}

/**
 * The website's labels in the languages loaded so far and the one on screen (decision 0124). What
 * the site asks of labels is a lookup by flat key with `{name}` placeholders and plural choices
 * (decision 0148), so this is all of it: no nesting, formats or back-ends. A change (another language, more texts) is one
 * synchronous step that React reads through `useTranslation`.
 */
export class Translator {
  #texts = new Map<LanguageCode, Record<string, string>>();
  #language: LanguageCode = DEFAULT_LANGUAGE;
  #version = 0;
  #listeners = new Set<() => void>();
  /** The keys looked up while `record` runs (the prerender's render). */
  #recording: Set<string> | null = null;
  /** Whether a key was looked up that the language on screen had no text for (decision 0178). */
  #missed = false;

  /** The language on screen. */
  get language(): LanguageCode {
    return this.#language;
  }

  /** Goes up by one with every change; React re-renders readers when it moves. */
  get version(): number {
    return this.#version;
  }

  /** The text of `key` in the language on screen, placeholders filled; the key itself when there is none. */
  t = (key: string, values?: TextValues): string => {
    const text = this.#lookUp(key);
    return text === undefined ? key : fillText(text, values, this.#language);
  };

  /** Whether the language on screen has a text for `key`. */
  exists = (key: string): boolean => this.#lookUp(key) !== undefined;

  #lookUp(key: string): string | undefined {
    this.#recording?.add(key);
    const text = this.#texts.get(this.#language)?.[key];
    if (text === undefined) this.#missed = true;
    return text;
  }

  /** Runs `render` and answers the keys it looked up (`t` and `exists`), besides what it returned. */
  record<T>(render: () => T): { result: T; keys: ReadonlySet<string> } {
    const keys = new Set<string>();
    this.#recording = keys;
    try {
      return { result: render(), keys };
    } finally {
      this.#recording = null;
    }
  }

  /** The writing direction of `lang` (the language on screen by default). */
  dir = (lang: string = this.#language): 'ltr' | 'rtl' => (isLanguageCode(lang) ? languageEntry(lang).dir : 'ltr');

  hasTexts(lang: LanguageCode): boolean {
    return this.#texts.has(lang);
  }

  /**
   * Adds `texts` to `lang`'s, replacing those with the same keys. Readers are told only when that
   * can change what they show: a text on screen changed, or a lookup had found nothing. So the rest
   * of a language's texts arriving after a page that came with its own (decision 0178) renders
   * nothing again.
   */
  addTexts(lang: LanguageCode, texts: Texts): void {
    // The first texts of a language are kept as they came (no copy of a thousand keys at start-up).
    const held = this.#texts.get(lang);
    this.#texts.set(lang, held ? { ...held, ...texts } : texts);
    const shown = lang === this.#language;
    if (shown && held && !this.#missed && Object.keys(texts).every((key) => held[key] === undefined || held[key] === texts[key])) return;
    if (shown) this.#missed = false;
    this.#changed();
  }

  /** Shows `lang`; its texts are expected to be loaded (a key without text shows as the key). */
  setLanguage(lang: LanguageCode): void {
    if (lang === this.#language) return;
    this.#language = lang;
    this.#missed = false;
    this.#changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #changed() {
    this.#version += 1;
    for (const listener of [...this.#listeners]) listener();
  }
}

/** The page's one translator (the prerender renders its pages one at a time with it). */
export const translator = new Translator();
