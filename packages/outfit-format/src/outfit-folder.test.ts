import { describe, expect, it } from 'vitest';
import { checkOutfitFolder, isSafeRelativePath, OUTFIT_MAX_FILES, type FolderEntry } from './outfit-folder';

const valid: FolderEntry[] = [
  { path: 'Jacket/Models/jacket.FBX', size: 1000 },
  { path: 'Jacket/Textures/jacket_D.TGA', size: 2000 },
  { path: 'Jacket/Textures/jacket_N.TGA', size: 2000 },
];

const failureOf = (entries: FolderEntry[], options = {}) => {
  const result = checkOutfitFolder(entries, options);
  if (result.ok) throw new Error('expected a failure');
  return result.failure;
};

describe('outfit folder rules (spec section 5)', () => {
  it('accepts a folder with Models (.FBX) and Textures (.TGA), sorted, and sums its size', () => {
    const result = checkOutfitFolder([...valid].reverse());
    expect(result).toEqual({ ok: true, root: 'Jacket', files: valid, totalBytes: 5000 });
  });

  it('refuses more than one dropped item or more than one top-level folder, naming the second', () => {
    expect(failureOf(valid, { droppedItems: 2 })).toMatchObject({ message: 'upload.fail_message_1', file: 'Jacket' });
    expect(failureOf([...valid, { path: 'Boots/Models/boots.fbx', size: 1 }])).toEqual({ message: 'upload.fail_message_1', params: {}, file: 'Jacket' });
    expect(failureOf([{ path: 'readme.txt', size: 1 }])).toMatchObject({ message: 'upload.fail_message_1', file: 'readme.txt' });
  });

  it('ignores .DS_Store anywhere, and a folder with nothing else is empty', () => {
    const withJunk = [...valid, { path: 'Jacket/.DS_Store', size: 6148 }, { path: 'Jacket/Textures/.DS_Store', size: 6148 }];
    expect(checkOutfitFolder(withJunk)).toMatchObject({ ok: true, files: valid, totalBytes: 5000 });
    expect(failureOf([{ path: 'Jacket/.DS_Store', size: 6148 }])).toEqual({ message: 'creator.folder.empty', params: {}, file: 'Jacket' });
    expect(failureOf([], { folderName: 'Empty' })).toMatchObject({ message: 'creator.folder.empty', file: 'Empty' });
  });

  it('requires Models with only .FBX files and Textures with only .TGA files, naming the offender', () => {
    expect(failureOf(valid.filter((e) => !e.path.includes('Models')))).toMatchObject({ message: 'creator.folder.missing_models', file: 'Jacket/Models' });
    expect(failureOf(valid.filter((e) => !e.path.includes('Textures')))).toMatchObject({ message: 'creator.folder.missing_textures', file: 'Jacket/Textures' });
    expect(failureOf([...valid, { path: 'Jacket/Models/jacket.obj', size: 1 }])).toMatchObject({ message: 'creator.folder.models_only_fbx', file: 'Jacket/Models/jacket.obj' });
    expect(failureOf([...valid, { path: 'Jacket/Models/lod/jacket.fbx', size: 1 }])).toMatchObject({ message: 'creator.folder.models_only_fbx', file: 'Jacket/Models/lod/jacket.fbx' });
    expect(failureOf([...valid, { path: 'Jacket/Textures/jacket.png', size: 1 }])).toMatchObject({ message: 'creator.folder.textures_only_tga', file: 'Jacket/Textures/jacket.png' });
    expect(failureOf([...valid, { path: 'Jacket/notes.txt', size: 1 }])).toMatchObject({ message: 'creator.folder.unexpected_entry', file: 'Jacket/notes.txt' });
  });

  it('matches folder names and extensions case-insensitively but refuses paths that differ only in case', () => {
    const lower = [{ path: 'J/models/a.fbx', size: 1 }, { path: 'J/textures/a.tga', size: 1 }];
    expect(checkOutfitFolder(lower).ok).toBe(true);
    expect(failureOf([...lower, { path: 'J/Models/A.FBX', size: 1 }])).toMatchObject({ message: 'creator.folder.duplicate', file: 'J/models/a.fbx' });
  });

  it(`limits the file count to ${OUTFIT_MAX_FILES} with {num}, naming the first file over it`, () => {
    const many = Array.from({ length: OUTFIT_MAX_FILES }, (_, i) => ({ path: `J/Textures/t${String(i).padStart(3, '0')}.tga`, size: 1 }));
    expect(checkOutfitFolder([...many.slice(1), { path: 'J/Models/m.fbx', size: 1 }]).ok).toBe(true);
    expect(failureOf([...many, { path: 'J/Models/m.fbx', size: 1 }])).toEqual({
      message: 'upload.max_file',
      params: { num: OUTFIT_MAX_FILES },
      file: `J/Textures/t${String(OUTFIT_MAX_FILES - 1).padStart(3, '0')}.tga`,
    });
  });

  it('limits the total to 1 073 741 824 bytes, naming the file that crosses it', () => {
    const big = [
      { path: 'J/Models/m.fbx', size: 1 },
      { path: 'J/Textures/a.tga', size: 1_073_741_822 },
      { path: 'J/Textures/b.tga', size: 1 },
    ];
    expect(checkOutfitFolder(big).ok).toBe(true);
    expect(failureOf([...big, { path: 'J/Textures/c.tga', size: 1 }])).toMatchObject({ message: 'upload.fail_message_2', file: 'J/Textures/c.tga' });
  });

  it('applies custom rule objects (validator plus message) after the built-in rules', () => {
    const rule = {
      message: 'custom.one_model',
      validator: (files: readonly FolderEntry[]) => {
        const models = files.filter((f) => f.path.includes('/Models/'));
        return models.length <= 1 ? (true as const) : { file: models[1]!.path, params: { num: 1 } };
      },
    };
    expect(checkOutfitFolder(valid, { rules: [rule] }).ok).toBe(true);
    expect(failureOf([...valid, { path: 'Jacket/Models/lod1.FBX', size: 1 }], { rules: [rule] })).toEqual({
      message: 'custom.one_model',
      params: { num: 1 },
      file: 'Jacket/Models/lod1.FBX',
    });
  });

  it('knows safe relative paths', () => {
    for (const bad of ['/etc/passwd', '../x', 'a/../b', 'a//b', 'a\\b', 'C:/x', 'a/./b', 'a/\u0000b', '']) expect(isSafeRelativePath(bad), bad).toBe(false);
    for (const good of ['a', 'a/b.tga', 'Outfit 1/Models/ä.fbx', 'a/b/']) expect(isSafeRelativePath(good), good).toBe(true);
  });
});
