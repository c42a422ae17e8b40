import {
  Box3,
  CapsuleGeometry,
  CylinderGeometry,
  Group,
  LatheGeometry,
  Mesh,
  MeshStandardMaterial,
  Quaternion,
  SphereGeometry,
  Vector2,
  Vector3,
  type BufferGeometry,
  type Object3D,
} from 'three';
import type { ComponentTypeCode, OutfitGender } from '@vsp/contract/component-types';

/**
 * A neutral stand-in for the avatar, built from three.js primitives (no model file to download):
 * a head, a lathe-turned torso, arms in a relaxed A pose and legs, in one matte grey. Menswear and
 * womenswear differ in height and in the torso's profile (shoulders, waist, hips). Units are metres,
 * Y up, feet at y = 0, facing +Z. Decision 0136 says why it is procedural and how an outfit is placed.
 */

export interface MannequinBody {
  readonly height: number;
  readonly headCentre: number;
  readonly headRadius: number;
  readonly neckBase: number;
  readonly shoulder: number;
  readonly chest: number;
  readonly waist: number;
  readonly hip: number;
  readonly crotch: number;
  readonly knee: number;
  readonly ankle: number;
  /** Half the span from shoulder joint to shoulder joint. */
  readonly shoulderHalf: number;
  readonly hipHalf: number;
  readonly legX: number;
  readonly elbow: Vector3;
  readonly hand: Vector3;
}

interface Proportions {
  height: number;
  headRadius: number;
  shoulderHalf: number;
  /** Torso radius (before flattening front to back) at crotch, hip, waist, chest and shoulder. */
  torso: readonly [number, number, number, number, number];
}

const PROPORTIONS: Readonly<Record<OutfitGender, Proportions>> = {
  menswear: { height: 1.76, headRadius: 0.105, shoulderHalf: 0.2, torso: [0.1, 0.165, 0.15, 0.185, 0.19] },
  womenswear: { height: 1.66, headRadius: 0.1, shoulderHalf: 0.17, torso: [0.1, 0.18, 0.125, 0.16, 0.16] },
};

/** Front-to-back depth of the torso relative to its width. */
const TORSO_DEPTH = 0.62;
const SKIN = 0xc9c4cf;

export function mannequinBody(gender: OutfitGender): MannequinBody {
  const p = PROPORTIONS[gender];
  const h = p.height;
  const shoulder = h * 0.815;
  const armLength = h * 0.36;
  // A pose: the arm hangs 18 degrees away from the body.
  const out = Math.sin((18 * Math.PI) / 180);
  const down = Math.cos((18 * Math.PI) / 180);
  const elbow = new Vector3(p.shoulderHalf + out * armLength * 0.48, shoulder - down * armLength * 0.48, 0);
  const hand = new Vector3(p.shoulderHalf + out * armLength, shoulder - down * armLength, 0.02);
  return {
    height: h,
    headRadius: p.headRadius,
    headCentre: h - p.headRadius * 1.1,
    neckBase: h * 0.84,
    shoulder,
    chest: h * 0.72,
    waist: h * 0.61,
    hip: h * 0.53,
    crotch: h * 0.47,
    knee: h * 0.28,
    ankle: h * 0.045,
    shoulderHalf: p.shoulderHalf,
    hipHalf: p.torso[1],
    legX: p.torso[1] * 0.52,
    elbow,
    hand,
  };
}

/** A capsule from `a` to `b`, as thick as `radius`. */
function limb(a: Vector3, b: Vector3, radius: number, radiusEnd = radius): BufferGeometry {
  const length = a.distanceTo(b);
  const geometry = radius === radiusEnd ? new CapsuleGeometry(radius, length, 6, 14) : new CylinderGeometry(radiusEnd, radius, length, 16, 1);
  const direction = new Vector3().subVectors(b, a).normalize();
  geometry.applyQuaternion(new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), direction));
  const middle = new Vector3().addVectors(a, b).multiplyScalar(0.5);
  geometry.translate(middle.x, middle.y, middle.z);
  return geometry;
}

export function buildMannequin(gender: OutfitGender): { object: Object3D; body: MannequinBody } {
  const p = PROPORTIONS[gender];
  const body = mannequinBody(gender);
  const material = new MeshStandardMaterial({ color: SKIN, roughness: 0.85, metalness: 0 });
  const group = new Group();
  group.name = `mannequin-${gender}`;
  const add = (geometry: BufferGeometry) => group.add(new Mesh(geometry, material));

  // Head and neck.
  add(new SphereGeometry(body.headRadius, 28, 20).scale(0.92, 1.12, 1).translate(0, body.headCentre, 0.005));
  add(limb(new Vector3(0, body.neckBase - 0.03, 0), new Vector3(0, body.headCentre - body.headRadius * 0.7, 0), body.headRadius * 0.45));

  // Torso: a lathe through crotch, hip, waist, chest and shoulder, closed at both ends.
  const [crotchR, hipR, waistR, chestR, shoulderR] = p.torso;
  const profile = [
    new Vector2(0.001, body.crotch - 0.03),
    new Vector2(crotchR, body.crotch),
    new Vector2(hipR, body.hip),
    new Vector2(waistR, body.waist),
    new Vector2(chestR, body.chest),
    new Vector2(shoulderR, body.shoulder - 0.03),
    new Vector2(shoulderR * 0.75, body.shoulder + 0.02),
    new Vector2(body.headRadius * 0.5, body.neckBase),
    new Vector2(0.001, body.neckBase + 0.005),
  ];
  add(new LatheGeometry(profile, 40).scale(1, 1, TORSO_DEPTH));

  for (const side of [-1, 1]) {
    const at = (v: Vector3) => new Vector3(v.x * side, v.y, v.z);
    // Arms: upper arm, forearm and a flattened hand.
    const shoulderJoint = new Vector3(body.shoulderHalf * side, body.shoulder - 0.03, 0);
    add(limb(shoulderJoint, at(body.elbow), 0.045));
    add(limb(at(body.elbow), at(body.hand), 0.036));
    add(new SphereGeometry(0.045, 16, 12).scale(0.55, 1.4, 0.9).translate(body.hand.x * side + 0.01 * side, body.hand.y - 0.05, body.hand.z));
    // Legs: thigh, shin and a foot pointing forward.
    // The thigh starts inside the torso at hip height, so no seam shows where the legs meet it.
    const hipJoint = new Vector3(body.legX * side, body.hip, 0);
    const kneeJoint = new Vector3(body.legX * 0.9 * side, body.knee, 0.01);
    const ankleJoint = new Vector3(body.legX * 0.85 * side, body.ankle + 0.03, 0);
    add(limb(hipJoint, kneeJoint, 0.075, 0.05));
    add(limb(kneeJoint, ankleJoint, 0.05, 0.036));
    add(new SphereGeometry(0.05, 14, 10).translate(kneeJoint.x, kneeJoint.y, kneeJoint.z));
    add(new SphereGeometry(0.036, 14, 10).translate(ankleJoint.x, ankleJoint.y, ankleJoint.z));
    add(new SphereGeometry(0.05, 16, 12).scale(0.85, 0.9, 2.2).translate(ankleJoint.x, 0.045, 0.05));
  }
  return { object: group, body };
}

/**
 * Where an item of each component type sits on the mannequin: a box the outfit's model is fitted
 * into (see `placeOnMannequin`). Garments get the envelope of the body part they cover, accessories
 * the small spot they hang from.
 */
export function regionOf(componentType: ComponentTypeCode, b: MannequinBody): Box3 {
  const r = b.headRadius;
  const box = (x: number, y0: number, y1: number, z: number, width: number, depth: number) =>
    new Box3(new Vector3(x - width / 2, y0, z - depth / 2), new Vector3(x + width / 2, y1, z + depth / 2));
  const shoulders = b.shoulderHalf * 2;
  const hands = b.hand.x * 2 + 0.12;
  switch (componentType) {
    case 'TTF': // hair
      return box(0, b.headCentre - r * 1.3, b.height + 0.03, -r * 0.1, r * 2.5, r * 2.5);
    case 'TTS': // headpiece
      return box(0, b.headCentre + r * 0.2, b.height + r * 0.6, 0, r * 2.3, r * 2.3);
    case 'TMZ': // hat
      return box(0, b.headCentre, b.height + r * 0.8, 0, r * 2.7, r * 2.7);
    case 'TES': // earrings
      return box(0, b.headCentre - r * 1.1, b.headCentre, 0, r * 2.4, r * 0.6);
    case 'TMS': // face accessory
      return box(0, b.headCentre - r * 0.9, b.headCentre + r * 0.6, r * 0.8, r * 1.8, r * 0.8);
    case 'TYJ': // glasses
      return box(0, b.headCentre - r * 0.15, b.headCentre + r * 0.45, r * 0.6, r * 2.1, r * 1.2);
    case 'XSY': // top
      return box(0, b.hip, b.shoulder + 0.05, 0, shoulders + 0.1, 0.32);
    case 'XWT': // coat
      return box(0, b.crotch - 0.06, b.shoulder + 0.06, 0, shoulders + 0.15, 0.36);
    case 'XJS': // necklace
      return box(0, b.chest, b.neckBase + 0.02, 0.03, 0.26, 0.24);
    case 'XBS': // back accessory
      return box(0, b.waist, b.shoulder + 0.18, -0.2, shoulders + 0.25, 0.3);
    case 'SST': // gloves
    case 'SSS': // hand accessories
      return box(0, b.hand.y - 0.14, b.hand.y + 0.06, b.hand.z, hands, 0.14);
    case 'SJZ': // ring: the right hand's fingers
      return box(-b.hand.x - 0.01, b.hand.y - 0.1, b.hand.y - 0.04, b.hand.z, 0.06, 0.06);
    case 'SBS': // arm accessories: the forearms
      return box(0, b.hand.y, b.elbow.y, 0, b.hand.x * 2 + 0.1, 0.12);
    case 'PKZ': // pants
    case 'PJSK': // leggings
      return box(0, b.ankle, b.waist + 0.02, 0, b.hipHalf * 2 + 0.06, 0.3);
    case 'PYS': // waist accessory
      return box(0, b.hip - 0.04, b.waist + 0.04, 0, b.hipHalf * 2 + 0.08, 0.3);
    case 'JWZ': // socks
      return box(0, 0, b.knee - 0.08, 0.03, b.legX * 2 + 0.16, 0.3);
    case 'JXZ': // shoes
      return box(0, 0, 0.13, 0.04, b.legX * 2 + 0.16, 0.32);
    case 'PWB': // tail
      return box(0, b.crotch - 0.3, b.hip + 0.05, -0.3, 0.3, 0.5);
    case 'XLYQB': // robe
      return box(0, b.ankle + 0.08, b.shoulder + 0.06, 0, shoulders + 0.2, 0.4);
    case 'XLYQG': // dress
      return box(0, b.knee - 0.05, b.shoulder + 0.05, 0, shoulders + 0.14, 0.36);
    case 'PQZ': // skirt
      return box(0, b.knee, b.waist + 0.03, 0, b.hipHalf * 2 + 0.14, 0.38);
  }
}

/**
 * Puts the outfit's model on the mannequin: scaled evenly (never stretched) until its width and
 * height fit the component type's region, and centred in it. The model's own units and origin do
 * not matter, so any exporter's file lands in the right place.
 */
export function placeOnMannequin(model: Object3D, region: Box3): void {
  model.updateMatrixWorld(true);
  const box = new Box3().setFromObject(model);
  if (box.isEmpty()) return;
  const size = box.getSize(new Vector3());
  const target = region.getSize(new Vector3());
  const scale = Math.min(target.x / Math.max(size.x, 1e-6), target.y / Math.max(size.y, 1e-6));
  model.scale.multiplyScalar(scale);
  model.updateMatrixWorld(true);
  const placed = new Box3().setFromObject(model);
  model.position.add(region.getCenter(new Vector3()).sub(placed.getCenter(new Vector3())));
  model.updateMatrixWorld(true);
}
