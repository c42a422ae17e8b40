/**
 * The texts a prerendered page is drawn with travel in the page (decision 0178), as a JSON element
 * after the page's root: the app takes the page over with them instead of downloading its
 * language's thousand texts first, and fetches the rest once it has. The prerender writes the
 * element; the server puts the published texts into it (decision 0106).
 */
export const PAGE_TEXTS_ID = 'page-texts';

type Texts = Readonly<Record<string, string>>;

const ELEMENT = new RegExp(`<script type="application/json" id="${PAGE_TEXTS_ID}">([^<]*)</script>`);

/** The element carrying `texts` (`<` escaped, so no text can end the element or open a comment). */
export function pageTextsElement(texts: Texts): string {
  return `<script type="application/json" id="${PAGE_TEXTS_ID}">${JSON.stringify(texts).replace(/</g, '\\u003c')}</script>`;
}

/** `html` with each text of its page-texts element that `published` has replaced by the published one. */
export function withPublishedPageTexts(html: string, published: Texts): string {
  return html.replace(ELEMENT, (whole, json: string) => {
    const texts = JSON.parse(json) as Record<string, string>;
    let changed = false;
    for (const key of Object.keys(texts)) {
      const text = published[key];
      if (text !== undefined && text !== texts[key]) {
        texts[key] = text;
        changed = true;
      }
    }
    return changed ? pageTextsElement(texts) : whole;
  });
}
