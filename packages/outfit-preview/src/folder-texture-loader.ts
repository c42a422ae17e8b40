import { DataTexture, LinearFilter, type LoadingManager } from 'three';
import { TGALoader } from 'three/examples/jsm/loaders/TGALoader.js';
import { fileNameOf } from '@vsp/outfit-format/fbx-summary';
import { readTgaHeader } from '@vsp/outfit-format/tga-header';

/** A texture the model asks for that the preview could not draw: it shows grey, and the page says so. */
export interface TextureProblem {
  /** The texture's file name as the model names it (or the model's, for a texture embedded in it). */
  readonly file: string;
  /** `missing`: not in the Textures folder; `unreadable`: there, but not a complete TGA image. */
  readonly reason: 'missing' | 'unreadable';
}

/** Mid grey: a texture the preview cannot draw must not look like a white, finished model. */
const PLACEHOLDER_PIXEL = [160, 160, 160, 255] as const;

type Parsed = ReturnType<TGALoader['parse']>;

/**
 * The TGA handler of the preview's loading manager: FBXLoader asks it for each texture the model
 * names, and it answers from the outfit's own files (by file name, case-insensitively, as the
 * preflight matches them) instead of fetching a URL. Each file is checked with the preflight's TGA
 * header reader (a truncated image is refused, where three.js would draw it black) and parsed once.
 * A texture that is missing or unreadable stays grey and is listed in `problems`; nothing is logged.
 */
export class FolderTextureLoader extends TGALoader {
  private readonly byName: ReadonlyMap<string, File>;
  private readonly parsed = new Map<string, Promise<Parsed | undefined>>();
  private readonly found = new Map<string, TextureProblem>();
  private readonly loads: Promise<unknown>[] = [];

  constructor(
    textures: readonly { path: string; file: File }[],
    private readonly modelName: string,
    manager?: LoadingManager,
  ) {
    super(manager);
    this.byName = new Map(textures.map(({ path, file }) => [fileNameOf(path).toLowerCase(), file]));
  }

  override load(url: string, onLoad?: (texture: DataTexture, texData: Parsed) => void): DataTexture {
    const texture = new DataTexture(new Uint8Array(PLACEHOLDER_PIXEL), 1, 1);
    texture.magFilter = LinearFilter;
    texture.needsUpdate = true;
    const embedded = url.startsWith('blob:') || url.startsWith('data:');
    const name = embedded ? this.modelName : fileNameOf(decodeURIComponent(url));
    const key = name.toLowerCase();
    const file = this.byName.get(key);
    if (!embedded && !file) {
      this.report({ file: name, reason: 'missing' });
      return texture;
    }
    let parsing = this.parsed.get(embedded ? url : key);
    if (!parsing) {
      parsing = (embedded ? fetch(url).then((r) => r.arrayBuffer()) : file!.arrayBuffer()).then(
        (buffer) => this.parseComplete(buffer),
        () => undefined,
      );
      this.parsed.set(embedded ? url : key, parsing);
    }
    this.loads.push(
      parsing.then((data) => {
        if (!data) {
          this.report({ file: name, reason: 'unreadable' });
          return;
        }
        texture.image = { data: data.data as Uint8Array, width: data.width!, height: data.height! };
        texture.flipY = data.flipY ?? false;
        texture.generateMipmaps = data.generateMipmaps ?? true;
        if (data.minFilter !== undefined) texture.minFilter = data.minFilter;
        texture.needsUpdate = true;
        onLoad?.(texture, data);
      }),
    );
    return texture;
  }

  /** Settles once every texture asked for so far has been read or refused; answers what went wrong. */
  async settled(): Promise<readonly TextureProblem[]> {
    await Promise.all(this.loads);
    return [...this.found.values()];
  }

  private parseComplete(buffer: ArrayBuffer): Parsed | undefined {
    if (!readTgaHeader(new Uint8Array(buffer, 0, Math.min(buffer.byteLength, 18)), buffer.byteLength)) return undefined;
    try {
      return this.parse(buffer);
    } catch {
      return undefined;
    }
  }

  private report(problem: TextureProblem) {
    this.found.set(problem.file.toLowerCase(), problem);
  }
}
