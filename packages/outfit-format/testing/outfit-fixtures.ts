import { zlibSync } from 'fflate';

/**
 * Generators of small, valid outfit files for tests and benchmarks (never imported by the apps):
 * an FBX model (binary 7.4 or ASCII 7.4, both readable by three.js's FBXLoader) shaped like a
 * garment tube with a known triangle count, materials and texture references, and uncompressed
 * TGA images with a pattern.
 */

type Prop =
  | { I: number }
  | { L: number }
  | { D: number }
  | { S: string }
  | { i: readonly number[] }
  | { d: readonly number[] };

interface Node {
  name: string;
  props: Prop[];
  children?: Node[];
}

const node = (name: string, props: Prop[] = [], children?: Node[]): Node => (children ? { name, props, children } : { name, props });
/** An object's name as FBX stores it: `Class::Name` in ASCII, `Name\0\1Class` in binary. */
const OBJECT_NAME_MARK = '\u0000\u0001';
const objectName = (cls: string, name: string): Prop => ({ S: `${cls}::${name}` });
const p = (...values: (string | number)[]): Node =>
  node(
    'P',
    values.map((v, index) => (typeof v === 'string' ? { S: v } : index >= 4 ? { D: v } : { I: v })),
  );

export interface OutfitModelOptions {
  /** Around the tube; triangles = 2 * segments * rows. */
  segments?: number;
  rows?: number;
  materials?: readonly string[];
  /** Texture file names the model refers to (as `Textures\\name`). */
  textures?: readonly string[];
  /** Deflate the big arrays (binary only), as exporters do. */
  compressArrays?: boolean;
}

function modelTree(options: OutfitModelOptions): Node[] {
  const segments = options.segments ?? 12;
  const rows = options.rows ?? 4;
  const materials = options.materials ?? ['Cloth'];
  const textures = options.textures ?? [];

  const vertices: number[] = [];
  for (let r = 0; r <= rows; r++) {
    const y = (r / rows) * 1.2;
    const radius = 0.35 + 0.08 * Math.sin((r / rows) * Math.PI);
    for (let s = 0; s < segments; s++) {
      const a = (s / segments) * Math.PI * 2;
      vertices.push(+(Math.cos(a) * radius).toFixed(5), +y.toFixed(5), +(Math.sin(a) * radius).toFixed(5));
    }
  }
  const index: number[] = [];
  const normals: number[] = [];
  const uvIndex: number[] = [];
  const corner = (v: number) => {
    const a = ((v % segments) / segments) * Math.PI * 2;
    normals.push(+Math.cos(a).toFixed(5), 0, +Math.sin(a).toFixed(5));
    uvIndex.push(v);
  };
  for (let r = 0; r < rows; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * segments + s;
      const b = r * segments + ((s + 1) % segments);
      const c = (r + 1) * segments + ((s + 1) % segments);
      const d = (r + 1) * segments + s;
      for (const [x, y, z] of [[a, b, c], [a, c, d]] as const) {
        index.push(x, y, -z - 1);
        corner(x);
        corner(y);
        corner(z);
      }
    }
  }
  const uvs: number[] = [];
  for (let r = 0; r <= rows; r++) for (let s = 0; s < segments; s++) uvs.push(+(s / segments).toFixed(5), +(r / rows).toFixed(5));

  const GEOMETRY = 1000;
  const MODEL = 2000;
  const MATERIAL = 3000;
  const TEXTURE = 4000;
  const VIDEO = 5000;

  const objects: Node[] = [
    node('Geometry', [{ L: GEOMETRY }, objectName('Geometry', 'Outfit'), { S: 'Mesh' }], [
      node('Vertices', [{ d: vertices }]),
      node('PolygonVertexIndex', [{ i: index }]),
      node('GeometryVersion', [{ I: 124 }]),
      node('LayerElementNormal', [{ I: 0 }], [
        node('Version', [{ I: 102 }]),
        node('Name', [{ S: '' }]),
        node('MappingInformationType', [{ S: 'ByPolygonVertex' }]),
        node('ReferenceInformationType', [{ S: 'Direct' }]),
        node('Normals', [{ d: normals }]),
      ]),
      node('LayerElementUV', [{ I: 0 }], [
        node('Version', [{ I: 101 }]),
        node('Name', [{ S: 'UVMap' }]),
        node('MappingInformationType', [{ S: 'ByPolygonVertex' }]),
        node('ReferenceInformationType', [{ S: 'IndexToDirect' }]),
        node('UV', [{ d: uvs }]),
        node('UVIndex', [{ i: uvIndex }]),
      ]),
      node('LayerElementMaterial', [{ I: 0 }], [
        node('Version', [{ I: 101 }]),
        node('Name', [{ S: '' }]),
        node('MappingInformationType', [{ S: 'AllSame' }]),
        node('ReferenceInformationType', [{ S: 'IndexToDirect' }]),
        node('Materials', [{ i: [0] }]),
      ]),
    ]),
    node('Model', [{ L: MODEL }, objectName('Model', 'Outfit'), { S: 'Mesh' }], [
      node('Version', [{ I: 232 }]),
      node('Properties70', [], [p('Lcl Scaling', 'Lcl Scaling', '', 'A', 1, 1, 1)]),
    ]),
  ];
  const connections: Node[] = [
    node('C', [{ S: 'OO' }, { L: MODEL }, { L: 0 }]),
    node('C', [{ S: 'OO' }, { L: GEOMETRY }, { L: MODEL }]),
  ];
  materials.forEach((name, m) => {
    objects.push(
      node('Material', [{ L: MATERIAL + m }, objectName('Material', name), { S: '' }], [
        node('Version', [{ I: 102 }]),
        node('ShadingModel', [{ S: 'phong' }]),
        node('Properties70', [], [p('DiffuseColor', 'Color', '', 'A', 1, 1, 1)]),
      ]),
    );
    connections.push(node('C', [{ S: 'OO' }, { L: MATERIAL + m }, { L: MODEL }]));
  });
  const channels = ['DiffuseColor', 'NormalMap', 'SpecularColor', 'EmissiveColor'];
  textures.forEach((fileName, t) => {
    const relative = `Textures\\${fileName}`;
    const absolute = `C:\\Users\\artist\\outfit\\Textures\\${fileName}`;
    objects.push(
      node('Texture', [{ L: TEXTURE + t }, objectName('Texture', fileName), { S: '' }], [
        node('Type', [{ S: 'TextureVideoClip' }]),
        node('Version', [{ I: 202 }]),
        node('FileName', [{ S: absolute }]),
        node('RelativeFilename', [{ S: relative }]),
      ]),
      node('Video', [{ L: VIDEO + t }, objectName('Video', fileName), { S: 'Clip' }], [
        node('Type', [{ S: 'Clip' }]),
        node('Filename', [{ S: absolute }]),
        node('RelativeFilename', [{ S: relative }]),
      ]),
    );
    connections.push(
      node('C', [{ S: 'OP' }, { L: TEXTURE + t }, { L: MATERIAL + (t % materials.length) }, { S: channels[Math.floor(t / materials.length) % channels.length]! }]),
      node('C', [{ S: 'OO' }, { L: VIDEO + t }, { L: TEXTURE + t }]),
    );
  });

  return [
    node('FBXHeaderExtension', [], [node('FBXHeaderVersion', [{ I: 1003 }]), node('FBXVersion', [{ I: 7400 }])]),
    node('GlobalSettings', [], [
      node('Version', [{ I: 1000 }]),
      node('Properties70', [], [
        p('UpAxis', 'int', 'Integer', '', 1),
        p('UpAxisSign', 'int', 'Integer', '', 1),
        p('FrontAxis', 'int', 'Integer', '', 2),
        p('FrontAxisSign', 'int', 'Integer', '', 1),
        p('CoordAxis', 'int', 'Integer', '', 0),
        p('CoordAxisSign', 'int', 'Integer', '', 1),
      ]),
    ]),
    node('Objects', [], objects),
    node('Connections', [], connections),
  ];
}

// ---------------------------------------------------------------------------------------------
// ASCII writer (tab-indented, as FBX SDK writes it; three.js's text parser relies on the tabs)

function asciiValue(prop: Prop): string {
  if ('S' in prop) return `"${prop.S.replace(/"/g, '&quot;')}"`;
  if ('I' in prop) return String(prop.I);
  if ('L' in prop) return String(prop.L);
  if ('D' in prop) return String(prop.D);
  return '';
}

function writeAsciiNode(n: Node, depth: number, out: string[]) {
  const tabs = '\t'.repeat(depth);
  const array = n.props.find((prop) => 'i' in prop || 'd' in prop);
  if (array) {
    const values = 'i' in array ? array.i : (array as { d: readonly number[] }).d;
    out.push(`${tabs}${n.name}: *${values.length} {`, `${tabs}\ta: ${values.join(',')}`, `${tabs}} `);
    return;
  }
  const props = n.props.map(asciiValue).join(', ');
  if (n.children) {
    out.push(`${tabs}${n.name}: ${props} {`);
    for (const c of n.children) writeAsciiNode(c, depth + 1, out);
    out.push(`${tabs}}`);
  } else {
    out.push(`${tabs}${n.name}: ${props}`);
  }
}

export function asciiFbx(options: OutfitModelOptions = {}): Uint8Array {
  const out = ['; FBX 7.4.0 project file', '; Generated for tests of the outfit preflight', ''];
  for (const n of modelTree(options)) writeAsciiNode(n, 0, out);
  return new TextEncoder().encode(out.join('\n') + '\n');
}

// ---------------------------------------------------------------------------------------------
// Binary writer (FBX 7.4: 32-bit offsets)

class ByteWriter {
  private chunks: Uint8Array[] = [];
  length = 0;
  push(bytes: Uint8Array) {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
  u8(v: number) {
    this.push(Uint8Array.of(v));
  }
  u32(v: number) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, v, true);
    this.push(b);
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

function binaryProp(prop: Prop, compress: boolean): Uint8Array {
  const w = new ByteWriter();
  const typed = (type: string, size: number, write: (dv: DataView) => void) => {
    const b = new Uint8Array(size);
    write(new DataView(b.buffer));
    w.u8(type.charCodeAt(0));
    w.push(b);
  };
  if ('I' in prop) typed('I', 4, (dv) => dv.setInt32(0, prop.I, true));
  else if ('L' in prop) typed('L', 8, (dv) => dv.setBigInt64(0, BigInt(prop.L), true));
  else if ('D' in prop) typed('D', 8, (dv) => dv.setFloat64(0, prop.D, true));
  else if ('S' in prop) {
    const [cls, name] = prop.S.includes('::') ? prop.S.split('::') : [undefined, prop.S];
    const text = cls !== undefined ? `${name}${OBJECT_NAME_MARK}${cls}` : prop.S;
    const data = new TextEncoder().encode(text);
    w.u8('S'.charCodeAt(0));
    w.u32(data.length);
    w.push(data);
  } else {
    const isInt = 'i' in prop;
    const values = isInt ? prop.i : (prop as { d: readonly number[] }).d;
    const raw = new Uint8Array(values.length * (isInt ? 4 : 8));
    const dv = new DataView(raw.buffer);
    values.forEach((v, k) => (isInt ? dv.setInt32(k * 4, v, true) : dv.setFloat64(k * 8, v, true)));
    const stored = compress ? zlibSync(raw) : raw;
    w.u8((isInt ? 'i' : 'd').charCodeAt(0));
    w.u32(values.length);
    w.u32(compress ? 1 : 0);
    w.u32(stored.length);
    w.push(stored);
  }
  return w.bytes();
}

const NULL_RECORD = new Uint8Array(13);

function writeBinaryNode(n: Node, offset: number, compress: boolean): Uint8Array {
  const name = new TextEncoder().encode(n.name);
  const props = n.props.map((prop) => binaryProp(prop, compress));
  const propsLength = props.reduce((sum, b) => sum + b.length, 0);
  const headerLength = 13 + name.length;
  let cursor = offset + headerLength + propsLength;
  const children: Uint8Array[] = [];
  if (n.children) {
    for (const c of n.children) {
      const bytes = writeBinaryNode(c, cursor, compress);
      children.push(bytes);
      cursor += bytes.length;
    }
    children.push(NULL_RECORD);
    cursor += NULL_RECORD.length;
  }
  const w = new ByteWriter();
  w.u32(cursor);
  w.u32(props.length);
  w.u32(propsLength);
  w.u8(name.length);
  w.push(name);
  for (const b of props) w.push(b);
  for (const b of children) w.push(b);
  return w.bytes();
}

export function binaryFbx(options: OutfitModelOptions = {}): Uint8Array {
  const w = new ByteWriter();
  w.push(new TextEncoder().encode('Kaydara FBX Binary  '));
  w.push(Uint8Array.of(0, 0x1a, 0));
  w.u32(7400);
  for (const n of modelTree(options)) w.push(writeBinaryNode(n, w.length, options.compressArrays ?? true));
  w.push(NULL_RECORD);
  // Footer: an id, padding to 16 bytes, the version, 120 zero bytes and the closing magic.
  w.push(Uint8Array.of(0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e));
  w.push(new Uint8Array(((16 - (w.length % 16)) % 16) || 16));
  w.u32(0);
  w.u32(7400);
  w.push(new Uint8Array(120));
  w.push(Uint8Array.of(0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b));
  return w.bytes();
}

// ---------------------------------------------------------------------------------------------
// TGA

/**
 * Writes the 18-byte header of an uncompressed true-colour TGA (type 2) at the start of `out`,
 * which must hold the header and the pixels (or more: trailing bytes are allowed).
 */
export function writeTgaHeader(out: Uint8Array, width: number, height: number, pixelDepth: 24 | 32 = 24): Uint8Array {
  out.fill(0, 0, 18);
  out[2] = 2;
  out[12] = width & 0xff;
  out[13] = width >> 8;
  out[14] = height & 0xff;
  out[15] = height >> 8;
  out[16] = pixelDepth;
  out[17] = pixelDepth === 32 ? 8 : 0;
  return out;
}

/** An uncompressed 24-bit TGA (type 2) with a checker pattern in the given colour. */
export function tgaImage(width: number, height: number, rgb: readonly [number, number, number] = [200, 80, 120]): Uint8Array {
  const out = writeTgaHeader(new Uint8Array(18 + width * height * 3), width, height);
  let at = 18;
  const cell = Math.max(1, Math.floor(width / 8));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0;
      const f = light ? 1 : 0.6;
      out[at++] = Math.round(rgb[2] * f);
      out[at++] = Math.round(rgb[1] * f);
      out[at++] = Math.round(rgb[0] * f);
    }
  }
  return out;
}

/** The files of a valid outfit folder named `root`: one model and the textures it refers to. */
export function validOutfitFiles(
  root = 'MyOutfit',
  options: { format?: 'ascii' | 'binary'; textureSize?: number } = {},
): { path: string; bytes: Uint8Array }[] {
  const textures = ['shirt_D.tga', 'shirt_N.tga'];
  const model = (options.format ?? 'binary') === 'binary' ? binaryFbx({ textures }) : asciiFbx({ textures });
  const size = options.textureSize ?? 64;
  return [
    { path: `${root}/Models/shirt.FBX`, bytes: model },
    { path: `${root}/Textures/shirt_D.tga`, bytes: tgaImage(size, size) },
    { path: `${root}/Textures/shirt_N.tga`, bytes: tgaImage(size, size, [128, 128, 255]) },
  ];
}

/**
 * An outfit folder whose model names no texture while Textures holds two TGA files: valid, but it
 * shows white (the preflight's `model_names_no_texture` hint). With `unused`, the model names the
 * first texture and the second is left over (`unused_texture`).
 */
export function untexturedOutfitFiles(root = 'Plain', options: { unused?: boolean } = {}): { path: string; bytes: Uint8Array }[] {
  return [
    { path: `${root}/Models/shirt.FBX`, bytes: binaryFbx({ textures: options.unused ? ['shirt_D.tga'] : [] }) },
    { path: `${root}/Textures/shirt_D.tga`, bytes: tgaImage(64, 64) },
    { path: `${root}/Textures/extra_N.tga`, bytes: tgaImage(64, 64, [128, 128, 255]) },
  ];
}
