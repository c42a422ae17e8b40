import type { Locator } from 'playwright-core';
import { tgaImage, validOutfitFiles } from '@vsp/outfit-format/testing';

/** The colour of the diffuse texture of `greenOutfitFiles`: no mannequin, background or light is this green. */
export const TEXTURE_GREEN = [40, 190, 60] as const;

/** A valid outfit folder's files whose diffuse texture is a green checker, so a test can find it on the canvas. */
export function greenOutfitFiles(root: string): { path: string; bytes: Uint8Array }[] {
  return validOutfitFiles(root).map((f) => (f.path.endsWith('_D.tga') ? { ...f, bytes: tgaImage(64, 64, TEXTURE_GREEN) } : f));
}

export interface PreviewPixels {
  total: number;
  /** Plain white (every channel above 250): what an untextured, unlit-looking model shows. */
  white: number;
  /** Clearly green: the texture of `greenOutfitFiles`, however lit. */
  green: number;
  /** Neutral mid greys: the mannequin (and a texture that could not be read). */
  grey: number;
}

/**
 * Reads every pixel of the 3D preview's canvas (the scene keeps its drawing buffer, so the picture
 * can be copied after it was shown) and counts them by colour.
 */
export function previewPixels(canvas: Locator): Promise<PreviewPixels> {
  return canvas.evaluate((element) => {
    const source = element as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(source, 0, 0);
    const data = context.getImageData(0, 0, copy.width, copy.height).data;
    const counts = { total: 0, white: 0, green: 0, grey: 0 };
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      counts.total++;
      if (r > 250 && g > 250 && b > 250) counts.white++;
      else if (g > 60 && g > r * 1.5 && g > b * 1.5) counts.green++;
      else if (Math.max(r, g, b) - Math.min(r, g, b) < 24 && Math.max(r, g, b) > 60 && Math.max(r, g, b) < 230) counts.grey++;
    }
    return counts;
  });
}
