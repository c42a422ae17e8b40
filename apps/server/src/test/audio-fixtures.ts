/**
 * Audio files made in the test instead of checked in: real MPEG-1 Layer III frames (128 or
 * 32 kbit/s, 44.1 kHz, mono, no CRC) whose side information says "no audio data", which every decoder plays
 * as silence, behind an ID3v2.3 tag carrying a title so two fixtures never share bytes. Also a WAV
 * of the same size, to rename to .mp3.
 */

/** Bitrate index (MPEG-1 Layer III) per kbit/s; a frame is floor(144 * bitrate / 44100) bytes. */
const BITRATES = { 32: 0b0001, 128: 0b1001 } as const;
export type Mp3Kbps = keyof typeof BITRATES;
const frameHeader = (kbps: Mp3Kbps) => [0xff, 0xfb, BITRATES[kbps] << 4, 0xc4];
export const mp3FrameBytes = (kbps: Mp3Kbps = 128) => Math.floor((144 * kbps * 1000) / 44_100);
/** 1152 samples at 44 100 Hz. */
export const MP3_FRAME_SECONDS = 1152 / 44_100;

function id3Tag(title: string): Uint8Array {
  const text = new TextEncoder().encode(title);
  const frameSize = text.length + 1;
  const frame = new Uint8Array(10 + frameSize);
  frame.set([0x54, 0x49, 0x54, 0x32]); // TIT2
  frame.set([(frameSize >>> 24) & 0xff, (frameSize >>> 16) & 0xff, (frameSize >>> 8) & 0xff, frameSize & 0xff], 4);
  frame.set(text, 11); // byte 10 is the encoding (ISO-8859-1)
  const size = frame.length;
  const header = new Uint8Array(10);
  header.set([0x49, 0x44, 0x33, 0x03, 0x00, 0x00]); // "ID3" v2.3, no flags
  header.set([(size >>> 21) & 0x7f, (size >>> 14) & 0x7f, (size >>> 7) & 0x7f, size & 0x7f], 6); // syncsafe
  const tag = new Uint8Array(header.length + frame.length);
  tag.set(header);
  tag.set(frame, header.length);
  return tag;
}

/** An MP3 of about `bytes` bytes (whole frames, never more than `bytes`). */
export function makeMp3(bytes: number, title = 'Test song', kbps: Mp3Kbps = 128): Uint8Array {
  const tag = id3Tag(title);
  const frameBytes = mp3FrameBytes(kbps);
  const header = frameHeader(kbps);
  const frames = Math.max(1, Math.floor((bytes - tag.length) / frameBytes));
  const out = new Uint8Array(tag.length + frames * frameBytes);
  out.set(tag);
  for (let i = 0; i < frames; i++) out.set(header, tag.length + i * frameBytes);
  return out;
}

/** Seconds of audio in an MP3 made by makeMp3 with the same arguments. */
export function mp3Seconds(bytes: number, title = 'Test song', kbps: Mp3Kbps = 128): number {
  const tagBytes = id3Tag(title).length;
  return Math.floor((bytes - tagBytes) / mp3FrameBytes(kbps)) * MP3_FRAME_SECONDS;
}

/** A PCM WAV (silence) of exactly `bytes` bytes: the wrong format under an .mp3 name. */
export function makeWav(bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, bytes - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 44_100, true);
  view.setUint32(28, 88_200, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, bytes - 44, true);
  return out;
}
