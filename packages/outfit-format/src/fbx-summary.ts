import { unzlibSync } from 'fflate';

/**
 * A small reader of FBX files (binary 7.x and ASCII 7.x) that extracts what the outfit preflight
 * checks: triangles, meshes, materials and the texture files the model refers to. The website runs
 * it in a worker before the creator confirms, the server runs it again on the archive, so both
 * apply the same numbers. It reads the node tree only; it never builds geometry.
 */

export const FBX_BINARY_MAGIC = 'Kaydara FBX Binary  \0';

export type FbxFormat = 'binary' | 'ascii';

export class FbxFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FbxFormatError';
  }
}

/** Which FBX flavour the first bytes of a file announce, or undefined when neither. */
export function fbxFormatOf(head: Uint8Array): FbxFormat | undefined {
  if (head.length >= FBX_BINARY_MAGIC.length && latin1(head.subarray(0, FBX_BINARY_MAGIC.length)) === FBX_BINARY_MAGIC) {
    return 'binary';
  }
  const text = latin1(head.subarray(0, 2048)).replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '');
  if (text.includes('\0')) return undefined;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '') continue;
    if (line.startsWith(';')) {
      if (/\bFBX\b/.test(line)) return 'ascii';
      continue;
    }
    return line.startsWith('FBXHeaderExtension:') ? 'ascii' : undefined;
  }
  return undefined;
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += String.fromCharCode(bytes[i]!);
  return out;
}

/** A lazily decoded numeric array property (binary arrays may be zlib-compressed). */
export interface FbxArray {
  readonly kind: 'array';
  readonly length: number;
  values(): ArrayLike<number>;
}

export type FbxProperty = number | string | boolean | Uint8Array | FbxArray;

export interface FbxNode {
  readonly name: string;
  readonly props: FbxProperty[];
  readonly children: FbxNode[];
}

/** Guards against arrays that would decode to more memory than any outfit needs. */
const MAX_ARRAY_BYTES = 256 * 1024 * 1024;
const MAX_DEPTH = 64;

// ---------------------------------------------------------------------------------------------
// Binary

/** How a value of each scalar property type is stored: its bytes and how they read (little-endian). */
type Reader = readonly [bytes: number, read: (view: DataView, at: number) => number];
const INT16: Reader = [2, (view, at) => view.getInt16(at, true)];
const UINT8: Reader = [1, (view, at) => view.getUint8(at)];
const INT32: Reader = [4, (view, at) => view.getInt32(at, true)];
const FLOAT32: Reader = [4, (view, at) => view.getFloat32(at, true)];
const FLOAT64: Reader = [8, (view, at) => view.getFloat64(at, true)];
const INT64: Reader = [8, (view, at) => Number(view.getBigInt64(at, true))];
const SCALARS: Record<string, Reader> = { Y: INT16, C: UINT8, I: INT32, F: FLOAT32, D: FLOAT64, L: INT64 };
/** The elements of the array types (`b`: booleans as bytes). */
const ARRAY_ELEMENTS: Record<string, Reader> = { f: FLOAT32, d: FLOAT64, l: INT64, i: INT32, b: UINT8 };

function parseBinary(bytes: Uint8Array): { version: number; nodes: FbxNode[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 27) throw new FbxFormatError('truncated header');
  const version = view.getUint32(23, true);
  const wide = version >= 7500;
  let decodedBytes = 0;

  const u64 = (offset: number) => {
    const value = view.getBigUint64(offset, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new FbxFormatError('offset out of range');
    return Number(value);
  };
  const need = (offset: number, length: number) => {
    if (offset < 0 || length < 0 || offset + length > bytes.length) throw new FbxFormatError('truncated node');
  };

  function readArray(type: string, offset: number): { prop: FbxArray; next: number } {
    need(offset, 12);
    const length = view.getUint32(offset, true);
    const encoding = view.getUint32(offset + 4, true);
    const compressedLength = view.getUint32(offset + 8, true);
    const [elementBytes, readElement] = ARRAY_ELEMENTS[type]!;
    const rawBytes = length * elementBytes;
    if (rawBytes > MAX_ARRAY_BYTES) throw new FbxFormatError('array too large');
    const dataStart = offset + 12;
    const storedBytes = encoding === 0 ? rawBytes : compressedLength;
    if (encoding !== 0 && encoding !== 1) throw new FbxFormatError('unknown array encoding');
    need(dataStart, storedBytes);
    const stored = bytes.subarray(dataStart, dataStart + storedBytes);
    const prop: FbxArray = {
      kind: 'array',
      length,
      values() {
        decodedBytes += rawBytes;
        if (decodedBytes > MAX_ARRAY_BYTES) throw new FbxFormatError('arrays too large');
        let raw = stored;
        if (encoding === 1) {
          raw = unzlibSync(stored, { out: new Uint8Array(rawBytes) });
          if (raw.length !== rawBytes) throw new FbxFormatError('array length mismatch');
        }
        const dv = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
        const out = type === 'i' ? new Int32Array(length) : new Float64Array(length);
        for (let i = 0; i < length; i++) out[i] = readElement(dv, i * elementBytes);
        return out;
      },
    };
    return { prop, next: dataStart + storedBytes };
  }

  function readProperty(offset: number): { prop: FbxProperty; next: number } {
    need(offset, 1);
    const type = String.fromCharCode(bytes[offset]!);
    const at = offset + 1;
    const scalar = SCALARS[type];
    if (scalar) {
      const [size, read] = scalar;
      need(at, size);
      // `C` is a boolean stored as one byte.
      return { prop: type === 'C' ? read(view, at) !== 0 : read(view, at), next: at + size };
    }
    if (ARRAY_ELEMENTS[type]) return readArray(type, at);
    if (type !== 'S' && type !== 'R') throw new FbxFormatError(`unknown property type ${JSON.stringify(type)}`);
    // A string (`S`) or raw bytes (`R`), after their length.
    need(at, 4);
    const length = view.getUint32(at, true);
    need(at + 4, length);
    const data = bytes.subarray(at + 4, at + 4 + length);
    return { prop: type === 'S' ? new TextDecoder().decode(data) : data, next: at + 4 + length };
  }

  /** Reads one node record; answers null for the null record that ends a list. */
  function readNode(offset: number, depth: number): { node: FbxNode | null; next: number } {
    if (depth > MAX_DEPTH) throw new FbxFormatError('nodes nested too deep');
    const headerBytes = wide ? 25 : 13;
    need(offset, headerBytes);
    const endOffset = wide ? u64(offset) : view.getUint32(offset, true);
    const numProperties = wide ? u64(offset + 8) : view.getUint32(offset + 4, true);
    const propertyListLength = wide ? u64(offset + 16) : view.getUint32(offset + 8, true);
    const nameLength = bytes[offset + headerBytes - 1]!;
    if (endOffset === 0) return { node: null, next: offset + headerBytes };
    if (endOffset <= offset || endOffset > bytes.length) throw new FbxFormatError('bad node end offset');
    need(offset + headerBytes, nameLength);
    const name = latin1(bytes.subarray(offset + headerBytes, offset + headerBytes + nameLength));
    let cursor = offset + headerBytes + nameLength;
    const propsEnd = cursor + propertyListLength;
    if (propsEnd > endOffset) throw new FbxFormatError('bad property list length');
    const props: FbxProperty[] = [];
    for (let i = 0; i < numProperties; i++) {
      const { prop, next } = readProperty(cursor);
      props.push(prop);
      cursor = next;
    }
    if (cursor !== propsEnd) throw new FbxFormatError('property list length mismatch');
    const children: FbxNode[] = [];
    while (cursor < endOffset) {
      const { node, next } = readNode(cursor, depth + 1);
      cursor = next;
      if (!node) break;
      children.push(node);
    }
    return { node: { name, props, children }, next: endOffset };
  }

  const nodes: FbxNode[] = [];
  let cursor = 27;
  while (cursor + (wide ? 25 : 13) <= bytes.length) {
    const { node, next } = readNode(cursor, 0);
    if (!node) break;
    nodes.push(node);
    cursor = next;
  }
  return { version, nodes };
}

// ---------------------------------------------------------------------------------------------
// ASCII

type Token =
  | { t: 'name'; v: string; nl: boolean }
  | { t: 'value'; v: string | number; nl: boolean }
  | { t: 'count'; v: number; nl: boolean }
  | { t: '{' | '}' | ','; nl: boolean };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let nl = true;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '\n') {
      nl = true;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r') {
      i++;
    } else if (c === ';') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '{' || c === '}' || c === ',') {
      tokens.push({ t: c, nl });
      nl = false;
      i++;
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw new FbxFormatError('unterminated string');
      tokens.push({ t: 'value', v: text.slice(i + 1, end).replace(/&quot;/g, '"'), nl });
      nl = false;
      i = end + 1;
    } else if (c === '*') {
      let j = i + 1;
      while (j < n && /[0-9]/.test(text[j]!)) j++;
      tokens.push({ t: 'count', v: Number(text.slice(i + 1, j)), nl });
      nl = false;
      i = j;
    } else {
      let j = i;
      while (j < n && !' \t\r\n,{}";:'.includes(text[j]!)) j++;
      if (j === i) throw new FbxFormatError(`unexpected character ${JSON.stringify(c)}`);
      const word = text.slice(i, j);
      if (text[j] === ':') {
        tokens.push({ t: 'name', v: word, nl });
        j++;
      } else {
        const num = Number(word);
        tokens.push({ t: 'value', v: Number.isNaN(num) ? word : num, nl });
      }
      nl = false;
      i = j;
    }
  }
  return tokens;
}

function parseAscii(text: string): { version: number; nodes: FbxNode[] } {
  const tokens = tokenize(text);
  let pos = 0;

  function parseList(depth: number): FbxNode[] {
    if (depth > MAX_DEPTH) throw new FbxFormatError('nodes nested too deep');
    const nodes: FbxNode[] = [];
    while (pos < tokens.length) {
      const token = tokens[pos]!;
      if (token.t === '}') return nodes;
      if (token.t !== 'name') throw new FbxFormatError('expected a node name');
      pos++;
      const props: FbxProperty[] = [];
      let count: number | undefined;
      let afterComma = true;
      while (pos < tokens.length) {
        const next = tokens[pos]!;
        if (next.t === '{' || next.t === '}') break;
        if (next.t === ',') {
          afterComma = true;
          pos++;
          continue;
        }
        if (next.nl && !afterComma) break;
        if (next.t === 'name') break;
        if (next.t === 'count') count = next.v;
        else if (next.t === 'value') props.push(next.v);
        afterComma = false;
        pos++;
      }
      let children: FbxNode[] = [];
      if (tokens[pos]?.t === '{') {
        pos++;
        children = parseList(depth + 1);
        if (tokens[pos]?.t !== '}') throw new FbxFormatError('unclosed node');
        pos++;
      }
      if (count !== undefined) {
        // `Name: *N { a: v1,v2,... }` holds a numeric array.
        const values = (children.find((c) => c.name === 'a')?.props ?? []).map(Number);
        if (values.length !== count) throw new FbxFormatError('array length mismatch');
        const array: FbxArray = { kind: 'array', length: count, values: () => values };
        nodes.push({ name: token.v, props: [array], children: [] });
      } else {
        nodes.push({ name: token.v, props, children });
      }
    }
    return nodes;
  }

  const nodes = parseList(0);
  if (pos !== tokens.length) throw new FbxFormatError('unbalanced braces');
  const header = nodes.find((n) => n.name === 'FBXHeaderExtension');
  const version = Number(header?.children.find((c) => c.name === 'FBXVersion')?.props[0] ?? 0);
  return { version, nodes };
}

// ---------------------------------------------------------------------------------------------
// Summary

export interface FbxTextureReference {
  /** The file name without folders, as the model names it. */
  readonly fileName: string;
  /** Whether the FBX embeds the image itself (then no file is needed). */
  readonly embedded: boolean;
}

export interface FbxSummary {
  readonly format: FbxFormat;
  readonly version: number;
  readonly meshes: number;
  readonly triangles: number;
  readonly materials: number;
  readonly textures: readonly FbxTextureReference[];
}

const child = (node: FbxNode, name: string) => node.children.find((c) => c.name === name);
const stringProp = (node: FbxNode | undefined): string => (typeof node?.props[0] === 'string' ? node.props[0] : '');

export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? '';
}

function isArray(prop: FbxProperty | undefined): prop is FbxArray {
  return typeof prop === 'object' && prop !== null && 'kind' in prop && prop.kind === 'array';
}

/** Triangles of an FBX polygon index list: a negative index closes a polygon of n corners (n - 2 triangles). */
export function trianglesOf(polygonVertexIndex: ArrayLike<number>): number {
  let triangles = 0;
  let corners = 0;
  for (let i = 0; i < polygonVertexIndex.length; i++) {
    corners++;
    if (polygonVertexIndex[i]! < 0) {
      triangles += Math.max(0, corners - 2);
      corners = 0;
    }
  }
  return triangles;
}

/** Parses an FBX file and answers what the outfit preflight needs; throws FbxFormatError on a malformed file. */
export function summarizeFbx(bytes: Uint8Array): FbxSummary {
  const format = fbxFormatOf(bytes);
  if (!format) throw new FbxFormatError('not an FBX file');
  const { version, nodes } = format === 'binary' ? parseBinary(bytes) : parseAscii(new TextDecoder().decode(bytes));
  if (version < 7000) throw new FbxFormatError(`FBX version ${version} is not supported (7.0 or newer)`);
  const objects = nodes.find((n) => n.name === 'Objects');
  let meshes = 0;
  let triangles = 0;
  let materials = 0;
  const embeddedNames = new Set<string>();
  const referenced = new Map<string, string>();

  for (const node of objects?.children ?? []) {
    if (node.name === 'Geometry' && node.props[2] === 'Mesh') {
      const index = child(node, 'PolygonVertexIndex')?.props[0];
      if (isArray(index)) {
        meshes++;
        triangles += trianglesOf(index.values());
      }
    } else if (node.name === 'Material') {
      materials++;
    } else if (node.name === 'Texture') {
      const path = stringProp(child(node, 'RelativeFilename')) || stringProp(child(node, 'FileName'));
      const fileName = fileNameOf(path);
      if (fileName) referenced.set(fileName.toLowerCase(), fileName);
    } else if (node.name === 'Video') {
      const content = child(node, 'Content')?.props[0];
      const hasContent = (content instanceof Uint8Array && content.length > 0) || (typeof content === 'string' && content.length > 0);
      const path = stringProp(child(node, 'RelativeFilename')) || stringProp(child(node, 'Filename'));
      if (hasContent && path) embeddedNames.add(fileNameOf(path).toLowerCase());
    }
  }
  const textures = [...referenced].map(([key, fileName]) => ({ fileName, embedded: embeddedNames.has(key) }));
  return { format, version, meshes, triangles, materials, textures };
}
