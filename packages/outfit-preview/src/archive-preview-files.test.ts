import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { validOutfitFiles } from '@vsp/outfit-format/testing';
import { previewFilesFromArchive } from './archive-preview-files';

const zipOf = (files: { path: string; bytes: Uint8Array }[]) => zipSync(Object.fromEntries(files.map((f) => [f.path, f.bytes])));

describe('previewFilesFromArchive', () => {
  it('answers the model and the textures of a stored outfit archive, byte for byte', async () => {
    const files = validOutfitFiles('Jacket');
    const preview = await previewFilesFromArchive(zipOf([...files, { path: 'Jacket/readme.txt', bytes: new Uint8Array([1]) }]));
    expect(preview.model.name).toBe('shirt.FBX');
    expect(new Uint8Array(await preview.model.arrayBuffer())).toEqual(files[0]!.bytes);
    expect(preview.textures.map((t) => [t.path, t.file.name])).toEqual([
      ['Jacket/Textures/shirt_D.tga', 'shirt_D.tga'],
      ['Jacket/Textures/shirt_N.tga', 'shirt_N.tga'],
    ]);
  });

  it('refuses an archive without a model', async () => {
    await expect(previewFilesFromArchive(zipOf(validOutfitFiles('Hat').slice(1)))).rejects.toThrow(/no model/);
  });
});
