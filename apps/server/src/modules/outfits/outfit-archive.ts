import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '@vsp/contract/app-error';
import type { ComponentTypeCode } from '@vsp/contract/component-types';
import { OUTFIT_MAX_TOTAL_BYTES } from '@vsp/contract/constants';
import { Errors } from '@vsp/contract/error-codes';
import { FbxFormatError, fbxFormatOf, summarizeFbx, type FbxSummary } from '@vsp/outfit-format/fbx-summary';
import { MAX_MODEL_FILE_BYTES, OUTFIT_BUDGETS } from '@vsp/outfit-format/outfit-budgets';
import { checkOutfitFolder, folderRole, isSafeRelativePath, OUTFIT_MAX_FILES } from '@vsp/outfit-format/outfit-folder';
import { evaluatePreflight, type PreflightIssue, type PreflightReport } from '@vsp/outfit-format/outfit-preflight';
import { readTgaHeader, TGA_HEADER_BYTES, type TgaHeader } from '@vsp/outfit-format/tga-header';
import type { ObjectReader } from './object-reader';

/**
 * Server-side inspection of an outfit archive before it is recorded. It reads the zip's central
 * directory through byte ranges of the stored object (yauzl), refuses unsafe names, links and
 * anything but plain files, applies the folder rules shared with the website, then streams every
 * entry: FBX magic and the FBX summary for models, a sane TGA header for textures, a CRC check, and
 * a count of the bytes that really come out (never the declared sizes) against the 1 GiB limit.
 * Finally the same preflight as the website's runs against the component type's budget.
 *
 * Budgets hold while streaming, and the first breach stops the work (decision 0086): before a byte
 * is inflated, every entry's declared size against what its role can be (a model against the
 * model-file limit, a texture against the largest TGA the component type's texture budget allows)
 * and the declared total against a compression-ratio budget; while inflating, the bytes that
 * really come out against the same budget, a texture's header as soon as its 18 bytes arrive
 * (size and power-of-two rules included) and a model's magic as soon as its head arrives.
 */

export interface ArchiveLimits {
  /** Unpacked bytes any archive may reach whatever its ratio (flat textures compress very well). */
  minInflateBudget?: number;
  /** Told every inflated chunk's size (tests, metrics). */
  onInflate?: (bytes: number) => void;
}

/**
 * Unpacked bytes per archived byte. Deflate tops out near 1 032:1; FBX models and real textures
 * pack 2:1 to 10:1, flat masks far more, which the floor below absorbs.
 */
export const MAX_COMPRESSION_RATIO = 100;
/** What any archive may unpack to regardless of its ratio: a dozen flat 1 024 px masks and a model. */
export const MIN_INFLATE_BUDGET = 128 * 1024 * 1024;
/**
 * The largest TGA file a texture of at most `maxSide` px can be: 32-bit pixels with RLE's worst
 * case (one packet byte per pixel), plus an ID field, a colour map and TGA 2.0's extension area.
 */
export function maxTextureFileBytes(maxSide: number): number {
  return maxSide * maxSide * 5 + 384 * 1024;
}

export interface ArchiveInspection {
  size: number;
  report: PreflightReport;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const MSDOS_REPARSE_POINT = 0x400;
const UNICODE_PATH_EXTRA_FIELD = 0x7075;

/** Byte ranges of one stored object as yauzl's random access reader. */
class ObjectRangeReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly objects: ObjectReader,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.objects.openObject(this.key, { start, end }).then(
      (stream) => {
        stream.on('error', (error) => out.destroy(error));
        stream.pipe(out);
      },
      (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return out;
  }
}

/** The codes of a refused archive; the service records them as a failed upload the creator can read. */
export const ARCHIVE_REFUSALS = [
  Errors.ArchiveUnreadable,
  Errors.ArchiveUnsafeFileName,
  Errors.ArchiveContainsLink,
  Errors.ArchiveBreaksFolderRules,
  Errors.ArchiveInvalidModel,
  Errors.ArchiveInvalidTexture,
  Errors.ArchiveUnpackedTooLarge,
  Errors.ArchiveOverComponentBudget,
  Errors.ArchiveMissingTexture,
  Errors.ArchiveCompressionBomb,
] as const;
type ArchiveRefusal = (typeof ARCHIVE_REFUSALS)[number];

const refuse = (code: ArchiveRefusal, file: string, extra: Record<string, string | number> = {}) =>
  new AppError(code, { params: { file, ...extra } });

function decodeName(entry: Entry): string {
  const raw = entry.fileNameRaw;
  const utf8 = (entry.generalPurposeBitFlag & 0x800) !== 0 || raw.every((b) => b < 0x80);
  return utf8 ? raw.toString('utf8') : raw.toString('latin1');
}

/** What an entry is by its external attributes (Unix mode in the high half, DOS bits in the low). */
function entryKind(entry: Entry): 'file' | 'directory' | 'special' {
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if ((entry.externalFileAttributes & MSDOS_REPARSE_POINT) !== 0) return 'special';
  if (mode === S_IFDIR) return 'directory';
  if (mode === 0 || mode === S_IFREG) return 'file';
  return 'special'; // symbolic link, device, pipe, socket
}

interface FileEntry {
  entry: Entry;
  path: string;
}

interface Budgets {
  /** What the whole archive may unpack to: the size limit or the ratio budget, whichever is less. */
  inflateBudget: number;
  maxTextureBytes: number;
}

/**
 * Reads the central directory: every entry a plain file or folder with a safe, unambiguous name,
 * and declared sizes within what its role and the archive's budget allow.
 */
async function listEntries(zip: ZipFile, limits: Budgets): Promise<FileEntry[]> {
  const files: FileEntry[] = [];
  let declaredTotal = 0;
  let entries = 0;
  for await (const entry of zip.eachEntry()) {
    const name = decodeName(entry);
    if (++entries > OUTFIT_MAX_FILES * 4) throw refuse(Errors.ArchiveBreaksFolderRules, name, { rule: 'upload.max_file', num: OUTFIT_MAX_FILES });
    if (!isSafeRelativePath(name) || entry.extraFields.some((f) => f.id === UNICODE_PATH_EXTRA_FIELD)) throw refuse(Errors.ArchiveUnsafeFileName, name);
    const kind = entryKind(entry);
    const isDirectory = name.endsWith('/');
    if (kind === 'special' || (kind === 'directory' && !isDirectory)) throw refuse(Errors.ArchiveContainsLink, name);
    if (entry.isEncrypted() || !entry.canDecodeFileData()) throw refuse(Errors.ArchiveUnreadable, name);
    const local = await zip.readLocalFileHeaderPromise(entry);
    if (!local.fileName.equals(entry.fileNameRaw)) throw refuse(Errors.ArchiveUnsafeFileName, name);
    if (isDirectory) {
      if (entry.uncompressedSize !== 0) throw refuse(Errors.ArchiveUnreadable, name);
      continue;
    }
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > OUTFIT_MAX_TOTAL_BYTES) throw refuse(Errors.ArchiveUnpackedTooLarge, name);
    if (declaredTotal > limits.inflateBudget) throw refuse(Errors.ArchiveCompressionBomb, name, { max: MAX_COMPRESSION_RATIO });
    const role = folderRole(name);
    if (role === 'model' && entry.uncompressedSize > MAX_MODEL_FILE_BYTES) throw refuse(Errors.ArchiveOverComponentBudget, name, { rule: 'model_bytes', size: entry.uncompressedSize, max: MAX_MODEL_FILE_BYTES });
    if (role === 'texture' && entry.uncompressedSize > limits.maxTextureBytes) throw refuse(Errors.ArchiveOverComponentBudget, name, { rule: 'texture_bytes', size: entry.uncompressedSize, max: limits.maxTextureBytes });
    files.push({ entry, path: name });
  }
  return files;
}

/**
 * Streams one entry through `sink`, counting the bytes that really come out and checking the CRC.
 * `budget` is what the whole archive may still unpack to, in bytes. A sink that throws (a bad header
 * seen early) stops the inflating at once.
 */
async function streamEntry(zip: ZipFile, file: FileEntry, budget: number, sink: (chunk: Buffer) => void, onInflate?: (bytes: number) => void): Promise<number> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(file.entry);
  } catch {
    throw refuse(Errors.ArchiveUnreadable, file.path);
  }
  let bytes = 0;
  let crc = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      onInflate?.(chunk.length);
      if (bytes > budget) {
        stream.destroy();
        throw refuse(Errors.ArchiveCompressionBomb, file.path, { max: MAX_COMPRESSION_RATIO });
      }
      crc = crc32(chunk, crc);
      sink(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // yauzl refuses an entry that inflates to more than it declared: a size bomb.
    if (error instanceof Error && /too many bytes/.test(error.message)) throw refuse(Errors.ArchiveCompressionBomb, file.path, { max: MAX_COMPRESSION_RATIO });
    throw refuse(Errors.ArchiveUnreadable, file.path);
  }
  if (crc >>> 0 !== file.entry.crc32 >>> 0) throw refuse(Errors.ArchiveUnreadable, file.path);
  return bytes;
}

/** Bytes of a model's head that tell FBX (binary magic or an ASCII header comment) from anything else. */
const FBX_HEAD_BYTES = 2048;

const ISSUE_CODES: Record<PreflightIssue['kind'], (typeof Errors)['ArchiveInvalidModel' | 'ArchiveInvalidTexture' | 'ArchiveOverComponentBudget' | 'ArchiveMissingTexture']> = {
  bad_model: Errors.ArchiveInvalidModel,
  bad_texture: Errors.ArchiveInvalidTexture,
  triangles: Errors.ArchiveOverComponentBudget,
  materials: Errors.ArchiveOverComponentBudget,
  texture_size: Errors.ArchiveOverComponentBudget,
  texture_not_power_of_two: Errors.ArchiveOverComponentBudget,
  missing_texture: Errors.ArchiveMissingTexture,
};

export async function inspectOutfitArchive(
  objects: ObjectReader,
  key: string,
  componentType: ComponentTypeCode,
  options: ArchiveLimits = {},
): Promise<ArchiveInspection> {
  const size = await objects.sizeOf(key);
  if (size === undefined) throw new AppError(Errors.NotFound);
  const ratioBudget = Math.max(options.minInflateBudget ?? MIN_INFLATE_BUDGET, size * MAX_COMPRESSION_RATIO);
  const limits: Budgets = {
    inflateBudget: Math.min(OUTFIT_MAX_TOTAL_BYTES, ratioBudget),
    maxTextureBytes: maxTextureFileBytes(OUTFIT_BUDGETS[componentType].maxTextureSize),
  };
  const { onInflate } = options;

  let zip: ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(new ObjectRangeReader(objects, key), size, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch {
    throw refuse(Errors.ArchiveUnreadable, key.split('/').pop() ?? key);
  }

  try {
    const entries = await listEntries(zip, limits);
    const folder = checkOutfitFolder(entries.map((e) => ({ path: e.path, size: e.entry.uncompressedSize })));
    if (!folder.ok) throw refuse(Errors.ArchiveBreaksFolderRules, folder.failure.file, { rule: folder.failure.message, ...folder.failure.params });

    const models: { path: string; summary: FbxSummary | undefined }[] = [];
    const textures: { path: string; header: TgaHeader | undefined }[] = [];
    let remaining = limits.inflateBudget;
    for (const file of entries) {
      const role = folderRole(file.path);
      if (role === undefined) continue; // .DS_Store: ignored by the folder rules
      if (role === 'model') {
        const chunks: Buffer[] = [];
        let held = 0;
        let magicChecked = false;
        const sink = (chunk: Buffer) => {
          chunks.push(chunk);
          held += chunk.length;
          // Not a model at all: stop before inflating the rest.
          if (!magicChecked && held >= FBX_HEAD_BYTES) {
            magicChecked = true;
            if (!fbxFormatOf(Buffer.concat(chunks))) throw refuse(Errors.ArchiveInvalidModel, file.path);
          }
        };
        remaining -= await streamEntry(zip, file, remaining, sink, onInflate);
        const bytes = Buffer.concat(chunks);
        if (!fbxFormatOf(bytes)) throw refuse(Errors.ArchiveInvalidModel, file.path);
        try {
          models.push({ path: file.path, summary: summarizeFbx(bytes) });
        } catch (error) {
          if (error instanceof FbxFormatError) throw refuse(Errors.ArchiveInvalidModel, file.path);
          throw error;
        }
      } else {
        let head = Buffer.alloc(0);
        const sink = (chunk: Buffer) => {
          if (head.length >= TGA_HEADER_BYTES) return;
          head = Buffer.concat([head, chunk.subarray(0, TGA_HEADER_BYTES - head.length)]);
          if (head.length < TGA_HEADER_BYTES) return;
          // The header decides the texture's fate: refuse a bad or over-budget one before the pixels.
          const early = readTgaHeader(head, file.entry.uncompressedSize);
          if (!early) throw refuse(Errors.ArchiveInvalidTexture, file.path);
          const issue = evaluatePreflight(componentType, [], [{ path: file.path, header: early }]).issues[0];
          if (issue) throw refuse(ISSUE_CODES[issue.kind], issue.file, { rule: issue.kind, ...issue.params });
        };
        remaining -= await streamEntry(zip, file, remaining, sink, onInflate);
        const header = readTgaHeader(head, file.entry.uncompressedSize);
        if (!header) throw refuse(Errors.ArchiveInvalidTexture, file.path);
        textures.push({ path: file.path, header });
      }
    }

    const report = evaluatePreflight(componentType, models, textures);
    const issue = report.issues[0];
    if (issue) throw refuse(ISSUE_CODES[issue.kind], issue.file, { rule: issue.kind, ...issue.params });
    return { size, report };
  } finally {
    zip.close();
  }
}
