import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ArchiveTooLargeError, bytesSource, fixedBlocks, writeOutfitArchive, type ArchiveSource } from './outfit-archive-writer';
import { validOutfitFiles } from '../testing/outfit-fixtures';

async function archive(sources: ArchiveSource[], options: { maxTotalBytes?: number; signal?: AbortSignal } = {}) {
  const chunks: Uint8Array[] = [];
  await writeOutfitArchive(sources, { ...options, onOutput: (c) => chunks.push(c) });
  return Buffer.concat(chunks);
}

const files = validOutfitFiles('Coat', { textureSize: 256 });

describe('outfit archive writer', () => {
  it('writes the same bytes for the same folder, whatever the chunking and the order it was listed in', async () => {
    const a = await archive(files.map((f) => bytesSource(f.path, f.bytes, 1000)));
    const b = await archive([...files].reverse().map((f) => bytesSource(f.path, f.bytes, 65_536)));
    expect(b.equals(a)).toBe(true);
    const unpacked = unzipSync(a);
    expect(Object.keys(unpacked)).toEqual(files.map((f) => f.path).sort());
    for (const f of files) expect(Buffer.from(unpacked[f.path]!).equals(Buffer.from(f.bytes))).toBe(true);
  });

  it('stops with the file that crosses the size limit', async () => {
    await expect(archive(files.map((f) => bytesSource(f.path, f.bytes)), { maxTotalBytes: 100_000 })).rejects.toEqual(new ArchiveTooLargeError('Coat/Textures/shirt_D.tga'));
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(archive(files.map((f) => bytesSource(f.path, f.bytes)), { signal: controller.signal })).rejects.toThrow();
  });

  it('cuts input into fixed blocks', async () => {
    async function* chunks() {
      yield new Uint8Array(3);
      yield new Uint8Array(10);
      yield new Uint8Array(1);
    }
    const sizes: number[] = [];
    for await (const block of fixedBlocks(chunks(), 4)) sizes.push(block.length);
    expect(sizes).toEqual([4, 4, 4, 2]);
  });
});
