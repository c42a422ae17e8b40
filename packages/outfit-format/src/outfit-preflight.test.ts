import { describe, expect, it } from 'vitest';
import { summarizeFbx } from './fbx-summary';
import { OUTFIT_BUDGETS } from './outfit-budgets';
import { asciiFbx, tgaImage, untexturedOutfitFiles } from '../testing/outfit-fixtures';
import { pathInFolder } from './outfit-folder';
import { evaluatePreflight } from './outfit-preflight';
import { readTgaHeader } from './tga-header';

describe('TGA header', () => {
  it('reads a sane header and refuses what is not one', () => {
    const image = tgaImage(128, 64);
    expect(readTgaHeader(image, image.length)).toMatchObject({ width: 128, height: 64, pixelDepth: 24, imageType: 2 });
    expect(readTgaHeader(image.subarray(0, 10))).toBeUndefined();
    expect(readTgaHeader(image, image.length - 1), 'pixel data shorter than the header says').toBeUndefined();
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0);
    expect(readTgaHeader(png)).toBeUndefined();
    const colourMapWithoutMap = image.slice();
    colourMapWithoutMap[2] = 1;
    expect(readTgaHeader(colourMapWithoutMap)).toBeUndefined();
    const oddDepth = image.slice();
    oddDepth[16] = 12;
    expect(readTgaHeader(oddDepth)).toBeUndefined();
  });
});

describe('outfit preflight', () => {
  const header = (w: number, h: number) => readTgaHeader(tgaImage(w, h));

  it('passes a model and textures within the budget of the component type', () => {
    const report = evaluatePreflight('XSY', [{ path: 'O/Models/a.fbx', summary: summarizeFbx(asciiFbx({ textures: ['a.tga'] })) }], [{ path: 'O/Textures/a.tga', header: header(1024, 512) }]);
    expect(report.issues).toEqual([]);
    expect(report.budget).toBe(OUTFIT_BUDGETS.XSY);
    expect(report.models).toEqual([{ path: 'O/Models/a.fbx', triangles: 96, materials: 1, meshes: 1 }]);
    expect(report.textures).toEqual([{ path: 'O/Textures/a.tga', width: 1024, height: 512 }]);
  });

  it('lists every issue with the file it is about', () => {
    const heavy = summarizeFbx(asciiFbx({ segments: 40, rows: 20, materials: ['a', 'b', 'c'], textures: ['A.TGA', 'gone.tga'] }));
    const report = evaluatePreflight(
      'SJZ',
      [
        { path: 'O/Models/ring.fbx', summary: heavy },
        { path: 'O/Models/broken.fbx', summary: undefined },
      ],
      [
        { path: 'O/Textures/a.tga', header: header(1024, 1024) },
        { path: 'O/Textures/b.tga', header: header(96, 64) },
        { path: 'O/Textures/c.tga', header: undefined },
      ],
    );
    expect(report.issues).toEqual([
      { kind: 'triangles', file: 'O/Models/ring.fbx', params: { count: 1600, max: 1000 } },
      { kind: 'materials', file: 'O/Models/ring.fbx', params: { count: 3, max: 2 } },
      { kind: 'missing_texture', file: 'gone.tga', params: { model: 'O/Models/ring.fbx' } },
      { kind: 'bad_model', file: 'O/Models/broken.fbx', params: {} },
      { kind: 'texture_size', file: 'O/Textures/a.tga', params: { size: '1024×1024', max: 512 } },
      { kind: 'texture_not_power_of_two', file: 'O/Textures/b.tga', params: { size: '96×64' } },
      { kind: 'bad_texture', file: 'O/Textures/c.tga', params: {} },
    ]);
  });
});

describe('preflight hints (issue 31)', () => {
  const files = (options: { unused?: boolean } = {}) => {
    const all = untexturedOutfitFiles('Plain', options);
    return {
      models: all.filter((f) => f.path.includes('/Models/')).map((f) => ({ path: f.path, summary: summarizeFbx(f.bytes) })),
      textures: all.filter((f) => f.path.includes('/Textures/')).map((f) => ({ path: f.path, header: readTgaHeader(f.bytes, f.bytes.length) })),
    };
  };

  it('says a model that names no texture leaves the folder textures unused, without an issue', () => {
    const { models, textures } = files();
    const report = evaluatePreflight('XSY', models, textures);
    expect(report.issues).toEqual([]);
    expect(report.hints).toEqual([{ kind: 'model_names_no_texture', file: 'Plain/Models/shirt.FBX' }]);
  });

  it('names each texture no model uses when the model names others', () => {
    const { models, textures } = files({ unused: true });
    expect(evaluatePreflight('XSY', models, textures)).toMatchObject({ issues: [], hints: [{ kind: 'unused_texture', file: 'Plain/Textures/extra_N.tga' }] });
  });

  it('has nothing to say about a folder whose model uses every texture', () => {
    const { models, textures } = files();
    const textured = [{ path: models[0]!.path, summary: summarizeFbx(asciiFbx({ textures: ['SHIRT_D.TGA', 'extra_n.tga'] })) }];
    expect(evaluatePreflight('XSY', textured, textures).hints).toEqual([]);
  });

  it('names a file by its path in the folder', () => {
    expect(pathInFolder('Plain/Textures/X.TGA')).toBe('Textures/X.TGA');
    expect(pathInFolder('X.TGA')).toBe('X.TGA');
  });
});
