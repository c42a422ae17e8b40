import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageTextsElement, withPublishedPageTexts } from './page-texts';

const inPage = (html: string) => JSON.parse(/id="page-texts">([^<]*)<\/script>/.exec(html)![1]!) as Record<string, string>;

describe('the texts a page carries (decision 0178)', () => {
  it('survive any text unchanged, and no text can end the element or open a comment', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), (texts) => {
        const element = pageTextsElement(texts);
        expect(element.indexOf('</script>')).toBe(element.length - '</script>'.length);
        expect(element).not.toContain('<!--');
        expect(inPage(`<body>${element}</body>`)).toEqual(texts);
      }),
    );
  });

  it('take the published texts of the keys they hold, and no others', () => {
    const html = `<div id="root">x</div>${pageTextsElement({ 'route.home': 'Home', 'route.about': 'About' })}</body>`;
    const published = withPublishedPageTexts(html, { 'route.home': 'Start </script>', 'music.title': 'Songs' });
    expect(inPage(published)).toEqual({ 'route.home': 'Start </script>', 'route.about': 'About' });
    expect(published.startsWith('<div id="root">x</div>')).toBe(true);
    expect(withPublishedPageTexts(html, { 'route.about': 'About' })).toBe(html);
    expect(withPublishedPageTexts('<p>no texts</p>', { 'route.home': 'Start' })).toBe('<p>no texts</p>');
  });
});
