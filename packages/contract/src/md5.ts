/**
 * MD5 of a string's UTF-8 bytes, as lowercase hex (RFC 1321), in portable JavaScript: the browser
 * has no MD5 of its own (Web Crypto leaves it out) and request signing (spec section 7) needs one.
 *
 * Written for short inputs, which is what a sign hashes (about 100 to 300 bytes): the string is
 * encoded once into a reused byte buffer (no intermediate strings or arrays), the 64 steps are
 * unrolled with their constants inline, and the words are read byte by byte (any endianness).
 * Decision 0127 has the measurements; `md5.test.ts` checks it against node:crypto.
 */

let bytes = new Uint8Array(512);

/** UTF-8 of `text` into `bytes` (grown as needed); lone surrogates become U+FFFD like TextEncoder. Answers the length. */
function encodeUtf8(text: string): number {
  const length = text.length;
  // Every UTF-16 code unit takes at most 3 bytes; 72 more hold the padding and the length.
  if (bytes.length < length * 3 + 72) bytes = new Uint8Array(length * 3 + 72);
  const out = bytes;
  let at = 0;
  for (let i = 0; i < length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      out[at++] = code;
    } else if (code < 0x800) {
      out[at++] = 0xc0 | (code >> 6);
      out[at++] = 0x80 | (code & 0x3f);
    } else {
      if (code >= 0xd800 && code <= 0xdfff) {
        const next = i + 1 < length ? text.charCodeAt(i + 1) : 0;
        if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          i++;
          out[at++] = 0xf0 | (code >> 18);
          out[at++] = 0x80 | ((code >> 12) & 0x3f);
          out[at++] = 0x80 | ((code >> 6) & 0x3f);
          out[at++] = 0x80 | (code & 0x3f);
          continue;
        }
        code = 0xfffd;
      }
      out[at++] = 0xe0 | (code >> 12);
      out[at++] = 0x80 | ((code >> 6) & 0x3f);
      out[at++] = 0x80 | (code & 0x3f);
    }
  }
  return at;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hexWord(word: number): string {
  return HEX[word & 0xff]! + HEX[(word >>> 8) & 0xff]! + HEX[(word >>> 16) & 0xff]! + HEX[word >>> 24]!;
}

function ff(a: number, b: number, c: number, d: number, x: number, s: number, t: number): number {
  a = (a + ((b & c) | (~b & d)) + x + t) | 0;
  return (((a << s) | (a >>> (32 - s))) + b) | 0;
}
function gg(a: number, b: number, c: number, d: number, x: number, s: number, t: number): number {
  a = (a + ((b & d) | (c & ~d)) + x + t) | 0;
  return (((a << s) | (a >>> (32 - s))) + b) | 0;
}
function hh(a: number, b: number, c: number, d: number, x: number, s: number, t: number): number {
  a = (a + (b ^ c ^ d) + x + t) | 0;
  return (((a << s) | (a >>> (32 - s))) + b) | 0;
}
function ii(a: number, b: number, c: number, d: number, x: number, s: number, t: number): number {
  a = (a + (c ^ (b | ~d)) + x + t) | 0;
  return (((a << s) | (a >>> (32 - s))) + b) | 0;
}

export function md5Hex(text: string): string {
  const length = encodeUtf8(text);
  const m = bytes;
  // Padding: 0x80, zeros up to 56 mod 64, then the bit length (little-endian, 64 bits).
  const total = ((length + 8) >>> 6) * 64 + 64;
  m[length] = 0x80;
  m.fill(0, length + 1, total - 8);
  const bits = length * 8;
  m[total - 8] = bits & 0xff;
  m[total - 7] = (bits >>> 8) & 0xff;
  m[total - 6] = (bits >>> 16) & 0xff;
  m[total - 5] = (bits >>> 24) & 0xff;
  const high = Math.floor(length / 0x20000000);
  m[total - 4] = high & 0xff;
  m[total - 3] = (high >>> 8) & 0xff;
  m[total - 2] = (high >>> 16) & 0xff;
  m[total - 1] = (high >>> 24) & 0xff;

  let h0 = 0x67452301;
  let h1 = 0xefcdab89 | 0;
  let h2 = 0x98badcfe | 0;
  let h3 = 0x10325476;
  for (let p = 0; p < total; p += 64) {
    const x0 = m[p]! | (m[p + 1]! << 8) | (m[p + 2]! << 16) | (m[p + 3]! << 24);
    const x1 = m[p + 4]! | (m[p + 5]! << 8) | (m[p + 6]! << 16) | (m[p + 7]! << 24);
    const x2 = m[p + 8]! | (m[p + 9]! << 8) | (m[p + 10]! << 16) | (m[p + 11]! << 24);
    const x3 = m[p + 12]! | (m[p + 13]! << 8) | (m[p + 14]! << 16) | (m[p + 15]! << 24);
    const x4 = m[p + 16]! | (m[p + 17]! << 8) | (m[p + 18]! << 16) | (m[p + 19]! << 24);
    const x5 = m[p + 20]! | (m[p + 21]! << 8) | (m[p + 22]! << 16) | (m[p + 23]! << 24);
    const x6 = m[p + 24]! | (m[p + 25]! << 8) | (m[p + 26]! << 16) | (m[p + 27]! << 24);
    const x7 = m[p + 28]! | (m[p + 29]! << 8) | (m[p + 30]! << 16) | (m[p + 31]! << 24);
    const x8 = m[p + 32]! | (m[p + 33]! << 8) | (m[p + 34]! << 16) | (m[p + 35]! << 24);
    const x9 = m[p + 36]! | (m[p + 37]! << 8) | (m[p + 38]! << 16) | (m[p + 39]! << 24);
    const x10 = m[p + 40]! | (m[p + 41]! << 8) | (m[p + 42]! << 16) | (m[p + 43]! << 24);
    const x11 = m[p + 44]! | (m[p + 45]! << 8) | (m[p + 46]! << 16) | (m[p + 47]! << 24);
    const x12 = m[p + 48]! | (m[p + 49]! << 8) | (m[p + 50]! << 16) | (m[p + 51]! << 24);
    const x13 = m[p + 52]! | (m[p + 53]! << 8) | (m[p + 54]! << 16) | (m[p + 55]! << 24);
    const x14 = m[p + 56]! | (m[p + 57]! << 8) | (m[p + 58]! << 16) | (m[p + 59]! << 24);
    const x15 = m[p + 60]! | (m[p + 61]! << 8) | (m[p + 62]! << 16) | (m[p + 63]! << 24);
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;

    a = ff(a, b, c, d, x0, 7, -680876936);
    d = ff(d, a, b, c, x1, 12, -389564586);
    c = ff(c, d, a, b, x2, 17, 606105819);
    b = ff(b, c, d, a, x3, 22, -1044525330);
    a = ff(a, b, c, d, x4, 7, -176418897);
    d = ff(d, a, b, c, x5, 12, 1200080426);
    c = ff(c, d, a, b, x6, 17, -1473231341);
    b = ff(b, c, d, a, x7, 22, -45705983);
    a = ff(a, b, c, d, x8, 7, 1770035416);
    d = ff(d, a, b, c, x9, 12, -1958414417);
    c = ff(c, d, a, b, x10, 17, -42063);
    b = ff(b, c, d, a, x11, 22, -1990404162);
    a = ff(a, b, c, d, x12, 7, 1804603682);
    d = ff(d, a, b, c, x13, 12, -40341101);
    c = ff(c, d, a, b, x14, 17, -1502002290);
    b = ff(b, c, d, a, x15, 22, 1236535329);

    a = gg(a, b, c, d, x1, 5, -165796510);
    d = gg(d, a, b, c, x6, 9, -1069501632);
    c = gg(c, d, a, b, x11, 14, 643717713);
    b = gg(b, c, d, a, x0, 20, -373897302);
    a = gg(a, b, c, d, x5, 5, -701558691);
    d = gg(d, a, b, c, x10, 9, 38016083);
    c = gg(c, d, a, b, x15, 14, -660478335);
    b = gg(b, c, d, a, x4, 20, -405537848);
    a = gg(a, b, c, d, x9, 5, 568446438);
    d = gg(d, a, b, c, x14, 9, -1019803690);
    c = gg(c, d, a, b, x3, 14, -187363961);
    b = gg(b, c, d, a, x8, 20, 1163531501);
    a = gg(a, b, c, d, x13, 5, -1444681467);
    d = gg(d, a, b, c, x2, 9, -51403784);
    c = gg(c, d, a, b, x7, 14, 1735328473);
    b = gg(b, c, d, a, x12, 20, -1926607734);

    a = hh(a, b, c, d, x5, 4, -378558);
    d = hh(d, a, b, c, x8, 11, -2022574463);
    c = hh(c, d, a, b, x11, 16, 1839030562);
    b = hh(b, c, d, a, x14, 23, -35309556);
    a = hh(a, b, c, d, x1, 4, -1530992060);
    d = hh(d, a, b, c, x4, 11, 1272893353);
    c = hh(c, d, a, b, x7, 16, -155497632);
    b = hh(b, c, d, a, x10, 23, -1094730640);
    a = hh(a, b, c, d, x13, 4, 681279174);
    d = hh(d, a, b, c, x0, 11, -358537222);
    c = hh(c, d, a, b, x3, 16, -722521979);
    b = hh(b, c, d, a, x6, 23, 76029189);
    a = hh(a, b, c, d, x9, 4, -640364487);
    d = hh(d, a, b, c, x12, 11, -421815835);
    c = hh(c, d, a, b, x15, 16, 530742520);
    b = hh(b, c, d, a, x2, 23, -995338651);

    a = ii(a, b, c, d, x0, 6, -198630844);
    d = ii(d, a, b, c, x7, 10, 1126891415);
    c = ii(c, d, a, b, x14, 15, -1416354905);
    b = ii(b, c, d, a, x5, 21, -57434055);
    a = ii(a, b, c, d, x12, 6, 1700485571);
    d = ii(d, a, b, c, x3, 10, -1894986606);
    c = ii(c, d, a, b, x10, 15, -1051523);
    b = ii(b, c, d, a, x1, 21, -2054922799);
    a = ii(a, b, c, d, x8, 6, 1873313359);
    d = ii(d, a, b, c, x15, 10, -30611744);
    c = ii(c, d, a, b, x6, 15, -1560198380);
    b = ii(b, c, d, a, x13, 21, 1309151649);
    a = ii(a, b, c, d, x4, 6, -145523070);
    d = ii(d, a, b, c, x11, 10, -1120210379);
    c = ii(c, d, a, b, x2, 15, 718787259);
    b = ii(b, c, d, a, x9, 21, -343485551);

    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
  }
  return hexWord(h0) + hexWord(h1) + hexWord(h2) + hexWord(h3);
}
