import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5';

const nodeMd5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('md5Hex', () => {
  it('answers the RFC 1321 test suite', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5Hex('abcdefghijklmnopqrstuvwxyz')).toBe('c3fcd3d76192e4007dfb496cca67e13b');
    expect(md5Hex('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')).toBe('d174ab98d277d9f5a5611c2c9f419d9f');
    expect(md5Hex('1234567890'.repeat(8))).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('matches node:crypto at every padding boundary', () => {
    for (let length = 0; length <= 200; length++) {
      const text = 'x'.repeat(length);
      expect(md5Hex(text), `length ${length}`).toBe(nodeMd5(text));
    }
  });

  it('encodes UTF-8 like TextEncoder: multi-byte characters, pairs and lone surrogates', () => {
    for (const text of ['héllo', '漢字', '😀', 'a\ud800b', '\udc00', 'end\ud83d', '\u07ff\u0800\uffff']) {
      expect(md5Hex(text), JSON.stringify(text)).toBe(nodeMd5(text));
    }
  });

  it('matches node:crypto over random strings (any UTF-16 code unit, any code point, graphemes)', () => {
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    const text = fc.oneof(fc.string({ unit: codeUnit, maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 100 }));
    fc.assert(
      fc.property(text, (value) => md5Hex(value) === nodeMd5(value)),
      { numRuns: 1000 },
    );
  });

  it('answers the same after a long input grew its buffer', () => {
    const long = 'ü'.repeat(10_000);
    expect(md5Hex(long)).toBe(nodeMd5(long));
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
  });
});
