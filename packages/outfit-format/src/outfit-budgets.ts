import type { ComponentTypeCode } from '@vsp/contract/component-types';

/**
 * Per-component-type budgets of an outfit model, checked by the website's preflight before the
 * creator confirms and again by the server on the archive. One avatar wears a dozen parts at once
 * on phones, so each part gets a slice of a frame budget. The values start from what peer
 * platforms enforce for one garment (about 4 000 to 9 000 triangles, power-of-two textures of at
 * most 1024 px) and go lower for small accessories. See docs/decisions/0053.
 */
export interface OutfitBudget {
  /** Triangles over all meshes of one model file (after triangulating polygons). */
  readonly maxTriangles: number;
  /** Longest side of any texture, in pixels; both sides must also be powers of two. */
  readonly maxTextureSize: number;
  /** Materials of one model file. */
  readonly maxMaterials: number;
}

const garment = (maxTriangles: number): OutfitBudget => ({ maxTriangles, maxTextureSize: 1024, maxMaterials: 4 });
const accessory = (maxTriangles: number): OutfitBudget => ({ maxTriangles, maxTextureSize: 512, maxMaterials: 2 });

export const OUTFIT_BUDGETS: Readonly<Record<ComponentTypeCode, OutfitBudget>> = {
  TTF: garment(9000), // hair: strands are triangle-heavy
  TTS: accessory(3000), // headpiece
  TMZ: garment(4000), // hat
  TES: accessory(1500), // earrings
  TMS: accessory(2000), // face accessory
  TYJ: accessory(2500), // glasses
  XSY: garment(8000), // top
  XWT: garment(9000), // coat
  XJS: accessory(2500), // necklace
  XBS: garment(6000), // back accessory (wings, backpacks)
  SST: garment(4000), // gloves
  SSS: accessory(2000), // hand accessories
  PKZ: garment(7000), // pants
  PJSK: garment(5000), // leggings
  PYS: accessory(3000), // waist accessory
  JWZ: garment(3000), // socks
  JXZ: garment(5000), // shoes
  PWB: garment(5000), // tail
  SJZ: accessory(1000), // ring
  SBS: accessory(2500), // arm accessories
  XLYQB: garment(9000), // robe
  XLYQG: garment(9000), // dress
  PQZ: garment(6000), // skirt
};

/**
 * The largest model file the preflight and the server parse (a 9 000-triangle garment is one or
 * two megabytes; anything near this is far over every triangle budget).
 */
export const MAX_MODEL_FILE_BYTES = 64 * 1024 * 1024;

export function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;
}
