/** The 18-byte header of a Truevision TGA image: what the preflight and the server check. */
export const TGA_HEADER_BYTES = 18;

export interface TgaHeader {
  readonly width: number;
  readonly height: number;
  readonly pixelDepth: number;
  readonly imageType: number;
  /** Bytes of pixel data an uncompressed image needs after the header (0 for RLE images). */
  readonly minimumBytes: number;
}

const IMAGE_TYPES = new Set([1, 2, 3, 9, 10, 11]);
const PIXEL_DEPTHS = new Set([8, 15, 16, 24, 32]);
const MAX_SIDE = 16_384;

/**
 * Reads and sanity-checks a TGA header (TGA has no magic number, so the header must make sense):
 * a known image type, a colour map only for colour-mapped types, a usual pixel depth, sides from 1
 * to 16 384 px. Answers undefined when the bytes are not a plausible TGA header.
 */
export function readTgaHeader(bytes: Uint8Array, fileSize = Number.POSITIVE_INFINITY): TgaHeader | undefined {
  if (bytes.length < TGA_HEADER_BYTES) return undefined;
  const idLength = bytes[0]!;
  const colorMapType = bytes[1]!;
  const imageType = bytes[2]!;
  const colorMapLength = bytes[5]! | (bytes[6]! << 8);
  const colorMapEntryBits = bytes[7]!;
  const width = bytes[12]! | (bytes[13]! << 8);
  const height = bytes[14]! | (bytes[15]! << 8);
  const pixelDepth = bytes[16]!;
  const descriptor = bytes[17]!;

  if (!IMAGE_TYPES.has(imageType) || !PIXEL_DEPTHS.has(pixelDepth)) return undefined;
  const colorMapped = imageType === 1 || imageType === 9;
  if (colorMapped !== (colorMapType === 1) || colorMapType > 1) return undefined;
  if (colorMapped && (colorMapLength === 0 || pixelDepth !== 8)) return undefined;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return undefined;
  if ((descriptor & 0xc0) !== 0) return undefined; // interleaving bits, never used by modern tools

  const colorMapBytes = colorMapped ? colorMapLength * Math.ceil(colorMapEntryBits / 8) : 0;
  const uncompressed = imageType < 9;
  const minimumBytes = uncompressed ? width * height * Math.ceil(pixelDepth / 8) : 0;
  if (TGA_HEADER_BYTES + idLength + colorMapBytes + minimumBytes > fileSize) return undefined;
  return { width, height, pixelDepth, imageType, minimumBytes };
}
