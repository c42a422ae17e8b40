/**
 * The `{name}` placeholders of a text, sorted and without repeats. Every language of an entry must
 * carry the same set, or a value would go missing from one translation.
 */
export function placeholdersOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(/\{(\w+)\}/g), (m) => m[1]!))].sort();
}

export function samePlaceholders(a: string, b: string): boolean {
  return placeholdersOf(a).join(',') === placeholdersOf(b).join(',');
}
