import type { FolderEntry } from '@vsp/outfit-format/outfit-folder';

/** A file of the chosen folder with its path relative to the drop (the folder's name first). */
export interface PickedFile extends FolderEntry {
  readonly file: File;
}

export interface PickedFolder {
  /** How many top-level items were dropped or picked. */
  readonly droppedItems: number;
  readonly folderName?: string;
  readonly files: PickedFile[];
}

const picked = (path: string, file: File): PickedFile => ({ path, size: file.size, file });

function readAllEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  return new Promise((resolve, reject) => {
    // readEntries answers in batches (100 in Chromium) until it answers an empty one.
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(all);
        all.push(...batch);
        next();
      }, reject);
    next();
  });
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

async function walk(entry: FileSystemEntry, prefix: string, out: PickedFile[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    out.push(picked(path, await fileOf(entry as FileSystemFileEntry)));
  } else if (entry.isDirectory) {
    for (const child of await readAllEntries(entry as FileSystemDirectoryEntry)) await walk(child, path, out);
  }
}

/**
 * Reads what was dropped. The entries must be taken synchronously inside the drop event (the
 * DataTransfer empties afterwards), so this takes them first and walks folders after.
 */
export function readDrop(dataTransfer: DataTransfer): Promise<PickedFolder> {
  const items = [...dataTransfer.items].filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  const looseFiles = [...dataTransfer.files];
  return (async () => {
    if (entries.length !== 1 || !entries[0]) {
      // Several items, or a browser that gives no entries: nothing here is one folder.
      return { droppedItems: Math.max(items.length, looseFiles.length), files: looseFiles.map((f) => picked(f.name, f)) };
    }
    const root = entries[0];
    const files: PickedFile[] = [];
    await walk(root, '', files);
    return { droppedItems: 1, folderName: root.name, files };
  })();
}

/** Reads the files of a folder chosen with the folder picker (`webkitdirectory`). */
export function readPicker(fileList: FileList): PickedFolder {
  const files = [...fileList].map((file) => picked(file.webkitRelativePath || file.name, file));
  return { droppedItems: 1, folderName: files[0]?.path.split('/')[0], files };
}
