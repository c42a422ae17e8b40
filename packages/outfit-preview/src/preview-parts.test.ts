import { Box3, LoadingManager, type Mesh, type MeshPhongMaterial } from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPE_CODES } from '@vsp/contract/component-types';
import { binaryFbx, tgaImage } from '@vsp/outfit-format/testing';
import { FolderTextureLoader } from './folder-texture-loader';
import { buildMannequin, mannequinBody, placeOnMannequin, regionOf } from './mannequin';

const file = (name: string, bytes: Uint8Array) => ({ path: `Outfit/Textures/${name}`, file: new File([bytes as BlobPart], name) });

/** The model's diffuse maps after FBXLoader asked the folder loader for them. */
function loadModel(textures: { path: string; file: File }[], names: string[]) {
  const manager = new LoadingManager();
  const loader = new FolderTextureLoader(textures, 'shirt.FBX', manager);
  manager.addHandler(/\.tga$/i, loader);
  const model = new FBXLoader(manager).parse(binaryFbx({ textures: names, materials: names.map((_, i) => `m${i}`) }).slice().buffer, '');
  const maps: MeshPhongMaterial['map'][] = [];
  model.traverse((object) => {
    const mesh = object as Mesh;
    if (mesh.isMesh) for (const m of [mesh.material].flat() as MeshPhongMaterial[]) maps.push(m.map);
  });
  return { loader, model, maps };
}

describe('FolderTextureLoader', () => {
  it('draws the folder textures the model names, matched by file name in any case', async () => {
    const { loader, maps } = loadModel([file('Shirt_D.TGA', tgaImage(64, 32, [10, 200, 30]))], ['shirt_d.tga']);
    expect(await loader.settled()).toEqual([]);
    expect(maps[0]?.image).toMatchObject({ width: 64, height: 32 });
    // A corner pixel of the checker pattern (light or dark cell): the texture's own colour, never white.
    expect([[10, 200, 30], [6, 120, 18]]).toContainEqual(Array.from((maps[0]!.image as { data: Uint8Array }).data.slice(0, 3)));
  });

  it('names a missing and an unreadable texture, and leaves both grey instead of white', async () => {
    const truncated = tgaImage(64, 64).slice(0, 500);
    const { loader, maps } = loadModel([file('broken.tga', truncated), file('noise.tga', new Uint8Array([1, 2, 3]))], ['gone.tga', 'broken.tga', 'noise.tga']);
    expect(await loader.settled()).toEqual([
      { file: 'gone.tga', reason: 'missing' },
      { file: 'broken.tga', reason: 'unreadable' },
      { file: 'noise.tga', reason: 'unreadable' },
    ]);
    for (const map of maps) expect(Array.from((map!.image as { data: Uint8Array }).data)).toEqual([160, 160, 160, 255]);
  });
});

describe('mannequin', () => {
  it('is taller for menswear than for womenswear, feet on the floor', () => {
    for (const gender of ['menswear', 'womenswear'] as const) {
      const box = new Box3().setFromObject(buildMannequin(gender).object);
      expect(box.min.y).toBeCloseTo(0, 1);
      expect(box.max.y).toBeCloseTo(mannequinBody(gender).height, 1);
    }
    expect(mannequinBody('menswear').height).toBeGreaterThan(mannequinBody('womenswear').height);
  });

  it('places a model of any size inside the region of its component type, unstretched', () => {
    const body = mannequinBody('womenswear');
    for (const code of COMPONENT_TYPE_CODES) {
      const { model } = loadModel([], []);
      model.scale.set(100, 100, 100); // centimetres, as many exporters write
      model.position.set(40, -30, 5);
      const before = new Box3().setFromObject(model).getSize(new Box3().min);
      const region = regionOf(code, body);
      placeOnMannequin(model, region);
      const placed = new Box3().setFromObject(model);
      const size = placed.getSize(new Box3().min);
      expect(region.clone().expandByScalar(1e-6).containsPoint(placed.getCenter(new Box3().min)), code).toBe(true);
      expect(size.x <= region.max.x - region.min.x + 1e-6 && size.y <= region.max.y - region.min.y + 1e-6, code).toBe(true);
      expect(size.x / size.y).toBeCloseTo(before.x / before.y, 5);
    }
  });
});
