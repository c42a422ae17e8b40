import { OUTFIT_MAX_TOTAL_BYTES } from '@vsp/contract/constants';

/**
 * The outfit folder rules of spec section 5, as pure functions shared by the website (before
 * compressing) and the server (after unpacking the archive's central directory). Every failure
 * names the offending file (or folder) so the creator knows what to fix.
 *
 * Case: the `Models` and `Textures` folder names and the `.FBX` / `.TGA` extensions match
 * case-insensitively (exporters write `.fbx` as often as `.FBX`, and Windows and macOS do not
 * tell `models` from `Models`); two paths that differ only in case are refused as ambiguous.
 * See docs/decisions/0050.
 */

/** One file of the folder: its path relative to the drop (first segment is the folder's name). */
export interface FolderEntry {
  readonly path: string;
  readonly size: number;
}

/** Label keys of the folder rules; the website shows them, the server sends them as `rule`. */
export const FOLDER_MESSAGES = {
  oneFolder: 'upload.fail_message_1',
  maxFiles: 'upload.max_file',
  totalSize: 'upload.fail_message_2',
  empty: 'creator.folder.empty',
  unsafeName: 'creator.folder.unsafe_name',
  duplicate: 'creator.folder.duplicate',
  missingModels: 'creator.folder.missing_models',
  missingTextures: 'creator.folder.missing_textures',
  modelsOnlyFbx: 'creator.folder.models_only_fbx',
  texturesOnlyTga: 'creator.folder.textures_only_tga',
  unexpectedEntry: 'creator.folder.unexpected_entry',
} as const;

/**
 * The most files one outfit folder may hold. A garment ships one to three FBX files (the model and
 * its levels of detail) and per material a base colour, normal and mask texture, sometimes an
 * emissive one; four materials at most. That is under 25 files; 64 leaves room for variants while
 * refusing a project folder dropped by mistake.
 */
export const OUTFIT_MAX_FILES = 64;

export const MODELS_DIR = 'Models';
export const TEXTURES_DIR = 'Textures';
export const IGNORED_FILE_NAMES: readonly string[] = ['.DS_Store'];

/** A failed rule: the message key, its parameters ({num}) and the offending file or folder. */
export interface FolderFailure {
  readonly message: string;
  readonly params: Readonly<Record<string, string | number>>;
  readonly file: string;
}

/**
 * A custom rule (spec section 5: "custom rule objects (validator plus message)"). The validator
 * sees the files after the built-in rules passed and answers true, or the offending file.
 */
export interface FolderRule {
  readonly message: string;
  validator(files: readonly FolderEntry[]): true | { file: string; params?: Record<string, string | number> };
}

export interface FolderCheckOptions {
  /** How many top-level items were dropped (files or folders); more than one is refused. */
  readonly droppedItems?: number;
  /** The dropped folder's name, to name it when it holds no files at all. */
  readonly folderName?: string;
  readonly maxFiles?: number;
  readonly maxTotalBytes?: number;
  readonly rules?: readonly FolderRule[];
}

export type FolderCheck<T extends FolderEntry = FolderEntry> =
  | { ok: true; root: string; files: T[]; totalBytes: number }
  | { ok: false; failure: FolderFailure };

const fail = (message: string, file: string, params: Record<string, string | number> = {}): { ok: false; failure: FolderFailure } => ({
  ok: false,
  failure: { message, params, file },
});

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * A file as the creator's checks name it: its path inside the outfit folder (`Textures/Hat.TGA`),
 * without the folder's own name, which the page shows once. A bare file name stays as it is.
 */
export function pathInFolder(path: string): string {
  const slash = path.indexOf('/');
  return slash < 0 ? path : path.slice(slash + 1);
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * A path is safe when it is relative, uses forward slashes only, and has no empty, `.` or `..`
 * segment and no control or drive characters: unpacking it can never leave its folder.
 */
export function isSafeRelativePath(path: string): boolean {
  if (path.length === 0 || path.length > 512) return false;
  if (path.startsWith('/') || path.includes('\\') || path.includes(':')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  const segments = path.endsWith('/') ? path.slice(0, -1).split('/') : path.split('/');
  return segments.every((s) => s !== '' && s !== '.' && s !== '..');
}

/** Sorted by code unit, the order the archive is written in (deterministic across browsers). */
export function sortEntries<T extends { path: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Checks a dropped folder against the rules, in the order a creator fixes them: one folder, not
 * empty (after ignoring .DS_Store), safe names, file count, total size, the Models/Textures layout,
 * then custom rules. Answers the files to compress, sorted, without the ignored ones.
 */
export function checkOutfitFolder<T extends FolderEntry>(entries: readonly T[], options: FolderCheckOptions = {}): FolderCheck<T> {
  const maxFiles = options.maxFiles ?? OUTFIT_MAX_FILES;
  const maxTotalBytes = options.maxTotalBytes ?? OUTFIT_MAX_TOTAL_BYTES;
  const sorted = sortEntries(entries);

  // One folder only: one dropped item, and every path inside one top-level folder.
  const roots = [...new Set(sorted.map((e) => e.path.split('/')[0] ?? ''))];
  if ((options.droppedItems ?? 1) > 1 || roots.length > 1) {
    return fail(FOLDER_MESSAGES.oneFolder, roots[1] ?? roots[0] ?? '');
  }
  const root = roots[0] ?? options.folderName ?? '';
  const loose = sorted.find((e) => !e.path.includes('/'));
  if (loose) return fail(FOLDER_MESSAGES.oneFolder, loose.path);

  const files = sorted.filter((e) => !IGNORED_FILE_NAMES.includes(baseName(e.path)));
  if (files.length === 0) return fail(FOLDER_MESSAGES.empty, root);

  const unsafe = files.find((e) => !isSafeRelativePath(e.path));
  if (unsafe) return fail(FOLDER_MESSAGES.unsafeName, unsafe.path);

  const seen = new Set<string>();
  for (const e of files) {
    const key = e.path.toLowerCase();
    if (seen.has(key)) return fail(FOLDER_MESSAGES.duplicate, e.path);
    seen.add(key);
  }

  if (files.length > maxFiles) return fail(FOLDER_MESSAGES.maxFiles, files[maxFiles]!.path, { num: maxFiles });

  let totalBytes = 0;
  for (const e of files) {
    totalBytes += e.size;
    if (totalBytes > maxTotalBytes) return fail(FOLDER_MESSAGES.totalSize, e.path);
  }

  let models = 0;
  let textures = 0;
  for (const e of files) {
    const [, , name, ...deeper] = e.path.split('/');
    const fits = (extension: string) => name !== undefined && deeper.length === 0 && extensionOf(name) === extension;
    const role = folderRole(e.path);
    if (role === 'model') {
      if (!fits('fbx')) return fail(FOLDER_MESSAGES.modelsOnlyFbx, e.path);
      models++;
    } else if (role === 'texture') {
      if (!fits('tga')) return fail(FOLDER_MESSAGES.texturesOnlyTga, e.path);
      textures++;
    } else {
      return fail(FOLDER_MESSAGES.unexpectedEntry, e.path);
    }
  }
  if (models === 0) return fail(FOLDER_MESSAGES.missingModels, `${root}/${MODELS_DIR}`);
  if (textures === 0) return fail(FOLDER_MESSAGES.missingTextures, `${root}/${TEXTURES_DIR}`);

  for (const rule of options.rules ?? []) {
    const verdict = rule.validator(files);
    if (verdict !== true) return fail(rule.message, verdict.file, verdict.params);
  }
  return { ok: true, root, files, totalBytes };
}

/** Whether a path of a checked folder is a model (under Models) or a texture (under Textures). */
export function folderRole(path: string): 'model' | 'texture' | undefined {
  const dir = path.split('/')[1]?.toLowerCase();
  if (dir === MODELS_DIR.toLowerCase()) return 'model';
  if (dir === TEXTURES_DIR.toLowerCase()) return 'texture';
  return undefined;
}
