/**
 * Fills a label's placeholders (decision 0148): `{name}` takes the value as it is, and a counted
 * text chooses its words with ICU plural syntax,
 * `{count, plural, =0 {none} one {# file} other {# files}}`, by the language's plural rules
 * (`Intl.PluralRules`; `#` is the count). A branch may hold `{name}` placeholders of its own. A
 * placeholder without a value becomes empty: a visitor never sees a placeholder's name.
 */

import { pluralRules } from '@vsp/contract/intl-formats';

/** The values a text's placeholders take. */
export type LabelValues = Readonly<Record<string, string | number>>;

/** The plural categories a language's counted texts must each write (always with `other`). */
export function pluralCategoriesOf(lang: string): string[] {
  return pluralRules(lang).resolvedOptions().pluralCategories;
}

/** One `{...}` of a text: a plain placeholder or a plural argument with its branches. */
export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string }
  | { kind: 'plural'; name: string; branches: ReadonlyMap<string, TextPart[]> };

/** The index just after the `}` closing the `{` at `open`, counting nested braces. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  throw new Error(`unclosed { in "${text}"`);
}

const PLURAL_HEAD = /^\{\s*(\w+)\s*,\s*plural\s*,/;
const SIMPLE = /^\{\s*([\w.]+)\s*\}$/;
const BRANCH = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/y;

/** Parses a text into literal runs, placeholders and plural arguments; throws on a malformed one. */
export function parseText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open < 0) break;
    if (open > at) parts.push({ kind: 'text', text: text.slice(at, open) });
    const end = closingBrace(text, open);
    const whole = text.slice(open, end);
    const head = PLURAL_HEAD.exec(whole);
    const simple = SIMPLE.exec(whole);
    if (head) {
      const branches = new Map<string, TextPart[]>();
      let cursor = head[0].length;
      const body = whole.slice(0, -1);
      while (body.slice(cursor).trim() !== '') {
        BRANCH.lastIndex = cursor;
        const branch = BRANCH.exec(body);
        if (!branch) throw new Error(`malformed plural in "${text}"`);
        const branchOpen = BRANCH.lastIndex - 1;
        const branchEnd = closingBrace(body, branchOpen);
        branches.set(branch[1]!, parseText(body.slice(branchOpen + 1, branchEnd - 1)));
        cursor = branchEnd;
      }
      if (!branches.has('other')) throw new Error(`plural without "other" in "${text}"`);
      parts.push({ kind: 'plural', name: head[1]!, branches });
    } else if (simple) {
      parts.push({ kind: 'value', name: simple[1]! });
    } else {
      // Not a placeholder (a brace in prose): kept as written.
      parts.push({ kind: 'text', text: whole });
    }
    at = end;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

const parsed = new Map<string, TextPart[]>();
function partsOf(text: string): TextPart[] {
  let parts = parsed.get(text);
  if (!parts) {
    parts = parseText(text);
    parsed.set(text, parts);
  }
  return parts;
}

/**
 * The count a value stands for: a number, or a count already written for people ("1,600",
 * "1.600", "1 600"; counts are whole numbers, so every separator is a grouping one).
 */
function countOf(value: string | number | undefined): number {
  if (typeof value === 'number') return value;
  if (value === undefined || !/^-?\d[\d\s,.'\u00a0\u202f]*$/.test(value.trim())) return Number.NaN;
  return Number(value.trim().replace(/[^\d-]/g, ''));
}

function render(parts: readonly TextPart[], lang: string, values: LabelValues, count?: string): string {
  let out = '';
  for (const part of parts) {
    if (part.kind === 'text') out += count === undefined ? part.text : part.text.replaceAll('#', count);
    else if (part.kind === 'value') out += values[part.name] === undefined ? '' : String(values[part.name]);
    else {
      const value = values[part.name];
      const number = countOf(value);
      const branch =
        (Number.isFinite(number) ? part.branches.get(`=${number}`) ?? part.branches.get(pluralRules(lang).select(number)) : undefined) ??
        part.branches.get('other')!;
      out += render(branch, lang, values, value === undefined ? '' : String(value));
    }
  }
  return out;
}

/** `text` in `lang` with its placeholders filled from `values`. */
export function formatText(text: string, lang: string, values?: LabelValues): string {
  if (!text.includes('{')) return text;
  return render(partsOf(text), lang, values ?? {});
}
