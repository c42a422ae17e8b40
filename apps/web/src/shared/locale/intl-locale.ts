/** The Intl locale of a catalogue language: 'in' is Indonesian ('id'), 'tl' is Filipino ('fil'). */
export function intlLocale(lang: string): string {
  return ({ in: 'id', tl: 'fil' } as Record<string, string>)[lang] ?? lang;
}
