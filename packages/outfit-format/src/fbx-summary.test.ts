import { describe, expect, it } from 'vitest';
import { FbxFormatError, fbxFormatOf, summarizeFbx, trianglesOf } from './fbx-summary';
import { asciiFbx, binaryFbx } from '../testing/outfit-fixtures';

describe('FBX summary (the preflight reader)', () => {
  it.each([
    ['binary, compressed arrays', binaryFbx({ segments: 10, rows: 3, materials: ['A', 'B'], textures: ['a_D.tga', 'a_N.tga'] })],
    ['binary, plain arrays', binaryFbx({ segments: 10, rows: 3, materials: ['A', 'B'], textures: ['a_D.tga', 'a_N.tga'], compressArrays: false })],
    ['ascii', asciiFbx({ segments: 10, rows: 3, materials: ['A', 'B'], textures: ['a_D.tga', 'a_N.tga'] })],
  ])('reads triangles, materials and texture references from %s FBX', (_name, bytes) => {
    const summary = summarizeFbx(bytes);
    expect(summary).toMatchObject({ version: 7400, meshes: 1, triangles: 60, materials: 2 });
    expect(summary.textures).toEqual([
      { fileName: 'a_D.tga', embedded: false },
      { fileName: 'a_N.tga', embedded: false },
    ]);
  });

  it('recognises the binary magic and ASCII FBX, and nothing else', () => {
    expect(fbxFormatOf(binaryFbx())).toBe('binary');
    expect(fbxFormatOf(asciiFbx())).toBe('ascii');
    expect(fbxFormatOf(new TextEncoder().encode('FBXHeaderExtension:  {\n'))).toBe('ascii');
    expect(fbxFormatOf(new TextEncoder().encode('o Cube\nv 0 0 0\n'))).toBeUndefined();
    expect(fbxFormatOf(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0, 0))).toBeUndefined();
  });

  it('counts n-2 triangles for a polygon of n corners', () => {
    expect(trianglesOf([0, 1, -3, 0, 1, 2, -4, 0, 1, 2, 3, -5])).toBe(1 + 2 + 3);
  });

  it('throws a format error on a truncated or corrupt binary file', () => {
    const bytes = binaryFbx();
    expect(() => summarizeFbx(bytes.subarray(0, 200))).toThrow(FbxFormatError);
    const corrupt = bytes.slice();
    corrupt.fill(0xff, 27, 40);
    expect(() => summarizeFbx(corrupt)).toThrow(FbxFormatError);
  });

  it('refuses arrays that claim more memory than any outfit needs', () => {
    const bytes = binaryFbx({ compressArrays: false });
    const text = new TextDecoder('latin1').decode(bytes);
    const at = text.indexOf('PolygonVertexIndex') + 'PolygonVertexIndex'.length + 1;
    new DataView(bytes.buffer).setUint32(at, 0x7fffffff, true);
    expect(() => summarizeFbx(bytes)).toThrow(FbxFormatError);
  });

  it('refuses FBX versions before 7.0 and unbalanced ASCII files', () => {
    const old = binaryFbx();
    new DataView(old.buffer).setUint32(23, 6100, true);
    expect(() => summarizeFbx(old)).toThrow(/version 6100/);
    const text = new TextDecoder().decode(asciiFbx()).replace(/}\s*$/, '');
    expect(() => summarizeFbx(new TextEncoder().encode(text))).toThrow(FbxFormatError);
  });
});
