import { LoadingManager, type Mesh } from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { describe, expect, it } from 'vitest';
import { summarizeFbx } from '@vsp/outfit-format/fbx-summary';
import { asciiFbx, binaryFbx } from '@vsp/outfit-format/testing';

/** The preflight's FBX reader and three.js's FBXLoader (which draws the preview) see the same model. */
describe('FBX reader agrees with three.js FBXLoader', () => {
  it.each([
    ['binary', binaryFbx({ segments: 14, rows: 5, materials: ['a', 'b'] })],
    ['ascii', asciiFbx({ segments: 14, rows: 5, materials: ['a', 'b'] })],
  ])('counts the same triangles in %s FBX', (_format, bytes) => {
    const group = new FBXLoader(new LoadingManager()).parse(bytes.slice().buffer, '');
    let triangles = 0;
    group.traverse((object) => {
      const mesh = object as Mesh;
      if (mesh.isMesh) triangles += (mesh.geometry.index?.count ?? mesh.geometry.attributes.position!.count) / 3;
    });
    expect(triangles).toBe(140);
    expect(summarizeFbx(bytes)).toMatchObject({ triangles: 140, meshes: 1, materials: 2 });
  });
});
