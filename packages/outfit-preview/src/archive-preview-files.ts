import { unzip, type UnzipFileInfo } from 'fflate';
import { baseName, folderRole, sortEntries } from '@vsp/outfit-format/outfit-folder';
import type { PreviewFiles } from './preview-scene';

const previewRole = (name: string) => (name.endsWith('/') ? undefined : folderRole(name));

/**
 * The preview's files from a stored outfit archive (the zip of decision 0051): the first model of
 * `<root>/Models` and every file of `<root>/Textures`. Other entries are not even inflated.
 */
export async function previewFilesFromArchive(archive: Uint8Array): Promise<PreviewFiles> {
  const entries = await new Promise<Record<string, Uint8Array>>((resolve, reject) =>
    unzip(archive, { filter: (file: UnzipFileInfo) => previewRole(file.name) !== undefined }, (error, data) => (error ? reject(error) : resolve(data))),
  );
  const files = sortEntries(Object.entries(entries).map(([path, bytes]) => ({ path, bytes })));
  const model = files.find((f) => previewRole(f.path) === 'model' && f.path.toLowerCase().endsWith('.fbx'));
  if (!model) throw new Error('the archive holds no model under Models/');
  const asFile = (f: { path: string; bytes: Uint8Array }) => new File([f.bytes as BlobPart], baseName(f.path));
  return {
    model: asFile(model),
    textures: files.filter((f) => previewRole(f.path) === 'texture').map((f) => ({ path: f.path, file: asFile(f) })),
  };
}
