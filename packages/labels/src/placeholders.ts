import { parseText, pluralCategoriesOf, type TextPart } from './format';

function namesOf(parts: readonly TextPart[], out: Set<string>): Set<string> {
  for (const part of parts) {
    if (part.kind === 'value') out.add(part.name);
    if (part.kind === 'plural') {
      out.add(part.name);
      for (const branch of part.branches.values()) namesOf(branch, out);
    }
  }
  return out;
}

/**
 * The placeholders of a text (`{name}` and the counts of `{count, plural, ...}`), sorted and without
 * repeats. Every language of an entry must carry the same set, or a value would go missing from one
 * translation.
 */
export function placeholdersOf(text: string): string[] {
  return [...namesOf(parseText(text), new Set())].sort();
}

/** The counts a text chooses its words by (`{count, plural, ...}`), sorted. */
export function pluralArgumentsOf(text: string): string[] {
  return [...new Set(parseText(text).flatMap((part) => (part.kind === 'plural' ? [part.name] : [])))].sort();
}

/**
 * Whether `text`, a translation of `english` into `lang`, can stand in for it: it parses, carries the
 * same placeholders, counts by the same values, and writes every plural form `lang` needs
 * (decision 0148). A text an operator typed is checked with this before it is stored.
 */
export function fitsEnglish(text: string, english: string, lang: string): boolean {
  let parts: TextPart[];
  try {
    parts = parseText(text);
    if (placeholdersOf(text).join(',') !== placeholdersOf(english).join(',')) return false;
    if (pluralArgumentsOf(text).join(',') !== pluralArgumentsOf(english).join(',')) return false;
  } catch {
    return false;
  }
  const complete = (of: readonly TextPart[]): boolean =>
    of.every((part) => part.kind !== 'plural' || (pluralCategoriesOf(lang).every((c) => part.branches.has(c)) && [...part.branches.values()].every(complete)));
  return complete(parts);
}
