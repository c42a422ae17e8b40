import { MUSIC_MAX_BYTES, MUSIC_MIN_BYTES, SINGER_MAX, SONG_NAME_MAX } from './constants';

/**
 * The music form's rules (spec section 5), shared by the website's form and the server's check.
 * The messages are labels of the website; the server answers catalogue codes.
 */

/** Languages a song can be filed under (the spec's "music language" select). */
export const MUSIC_LANGUAGES = ['zh', 'en', 'ms', 'id', 'ar', 'vi', 'th', 'tl', 'hi', 'ko', 'ja', 'tr', 'other'] as const;
export type MusicLanguage = (typeof MUSIC_LANGUAGES)[number];

export function isMusicLanguage(value: unknown): value is MusicLanguage {
  return typeof value === 'string' && (MUSIC_LANGUAGES as readonly string[]).includes(value);
}

/** Accepted suffixes of the music file. */
export const MUSIC_ACCEPT = '.mp3';

/** Shortest and longest song the server accepts, in seconds (not in the spec; see decision 0043). */
export const MUSIC_MIN_SECONDS = 5;
export const MUSIC_MAX_SECONDS = 60 * 60;

/**
 * Half-width (ASCII) symbols a music file name must not contain. Letters, digits, spaces and
 * `. - _ ( )` are fine, as is any full-width or non-Latin character.
 */
export const ILLEGAL_FILE_NAME_SYMBOLS = /[!"#$%&'*+,/:;<=>?@[\\\]^`{|}~]/;

/** Length in characters as a person counts them (code points, so an emoji is one). */
export function textLength(text: string): number {
  return [...text].length;
}

export type MusicTextProblem = 'required' | 'too_long';

export function checkSongName(value: string): MusicTextProblem | null {
  const text = value.trim();
  if (!text) return 'required';
  return textLength(text) > SONG_NAME_MAX ? 'too_long' : null;
}

export function checkSinger(value: string): MusicTextProblem | null {
  const text = value.trim();
  if (!text) return 'required';
  return textLength(text) > SINGER_MAX ? 'too_long' : null;
}

/** Larger than 512 KB and at most 20 MB. */
export function musicSizeInBounds(bytes: number): boolean {
  return bytes > MUSIC_MIN_BYTES && bytes <= MUSIC_MAX_BYTES;
}
