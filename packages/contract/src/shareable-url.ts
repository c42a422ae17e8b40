/**
 * No secret leaves in a URL (DESIGN.md section 14, decision 0140). A page's address can carry a
 * password-reset token, a receipt token, a gift code or an order number; analytics, error reports and
 * stored page views keep only the path and the query keys below, which name a view, never a person
 * or a secret. Everything else, and the fragment, is dropped. The client applies it before sending
 * and the server again before storing, so an old or careless client cannot store a secret either.
 */
export const SHAREABLE_QUERY_KEYS: readonly string[] = [
  'lang', // the interface language
  'tab', // /creator: platform or tutorial
  'type', // /upload: the component type chosen
  'gender', // /upload: menswear or womenswear
  'download', // the download landing (download=app)
  'redirect', // /login: where to go after logging in (itself made shareable)
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
];

const BASE = 'http://shareable.invalid';

/**
 * The shareable part of a path with its query (`/login?redirect=%2Fmusic`) or of an absolute URL (a
 * referrer): the origin of an absolute URL, the path, and the allowed query keys with their values.
 */
export function shareableUrl(pathOrUrl: string, depth = 0): string {
  if (pathOrUrl === '') return '';
  let url: URL;
  try {
    url = new URL(pathOrUrl, BASE);
  } catch {
    return '';
  }
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (!SHAREABLE_QUERY_KEYS.includes(key)) continue;
    // A redirect is a path of this site: shareable only as far as its own query is.
    kept.append(key, key === 'redirect' ? (depth < 2 ? shareableUrl(value, depth + 1) : '') : value);
  }
  const query = kept.toString();
  const origin = url.origin === BASE ? '' : url.origin;
  return `${origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** Every address in a free text (an error message, a stack) made shareable, the rest of the text as it is. */
export function scrubUrls(text: string): string {
  return text.replace(/https?:\/\/[^\s'"()<>]+|(?<![\w.])\/[^\s'"()<>?#]*[?#][^\s'"()<>]*/g, (found) => shareableUrl(found));
}
