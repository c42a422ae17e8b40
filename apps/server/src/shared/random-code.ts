import { randomInt } from 'node:crypto';

/**
 * Digits and capitals without the look-alikes 0/O, 1/I (Crockford-style): what a person can read
 * off a screen and type back. 32 symbols, 5 bits each.
 */
export const UNAMBIGUOUS_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A uniformly random string from the alphabet (crypto-grade, no modulo bias). */
export function randomCode(length: number, alphabet = UNAMBIGUOUS_ALPHABET): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
