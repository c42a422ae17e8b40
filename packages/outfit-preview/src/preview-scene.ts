import {
  Box3,
  Color,
  DirectionalLight,
  HemisphereLight,
  LoadingManager,
  type Mesh,
  PerspectiveCamera,
  Scene,
  SRGBColorSpace,
  Vector3,
  WebGLRenderer,
  type Material,
  type Object3D,
  type Texture,
} from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { TGALoader } from 'three/examples/jsm/loaders/TGALoader.js';
import { baseName } from '@vsp/outfit-format/outfit-folder';
import { fileNameOf } from '@vsp/outfit-format/fbx-summary';

/**
 * The 3D preview: the outfit's FBX with its TGA textures on a turntable. Shared by the website's
 * creator wizard and the console's review queue (decision 0079). Callers load this module with a
 * dynamic import only when a preview shows, so three.js stays a separate chunk, never in a first load.
 */

export interface PreviewFiles {
  model: File;
  textures: readonly { path: string; file: File }[];
}

export interface PreviewHandle {
  /** Stops (or resumes) the turntable; a paused preview draws nothing further. */
  setPaused(paused: boolean): void;
  dispose(): void;
}

/** A 1x1 grey TGA for a texture the folder lacks (the preflight reports it; the preview stays calm). */
const PLACEHOLDER_TGA = `data:application/octet-stream;base64,${btoa(
  String.fromCharCode(0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0, 160, 160, 160),
)}`;
const PLACEHOLDER_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=';

const TURN_RADIANS_PER_SECOND = 0.6;

export async function mountPreview(canvas: HTMLCanvasElement, files: PreviewFiles, options: { turntable: boolean }): Promise<PreviewHandle> {
  const textureFiles = new Map(files.textures.map(({ path, file }) => [baseName(path).toLowerCase(), file]));
  const objectUrls: string[] = [];
  const manager = new LoadingManager();
  // Object URLs are made only for textures the model asks for, and revoked once every load ended.
  let outstanding = 0;
  let disposed = false;
  const revoke = () => objectUrls.splice(0).forEach((url) => URL.revokeObjectURL(url));
  manager.onStart = (_url, loaded, total) => (outstanding = total - loaded);
  manager.onProgress = (_url, loaded, total) => (outstanding = total - loaded);
  manager.onLoad = () => {
    outstanding = 0;
    if (disposed) revoke();
  };
  manager.setURLModifier((url) => {
    if (url.startsWith('blob:') || url.startsWith('data:')) return url;
    const name = fileNameOf(decodeURIComponent(url)).toLowerCase();
    const file = textureFiles.get(name);
    if (!file) return name.endsWith('.tga') ? PLACEHOLDER_TGA : PLACEHOLDER_PNG;
    const objectUrl = URL.createObjectURL(file);
    objectUrls.push(objectUrl);
    return objectUrl;
  });
  manager.addHandler(/\.tga$/i, new TGALoader(manager));

  const model = new FBXLoader(manager).parse(await files.model.arrayBuffer(), '');

  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true });
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const scene = new Scene();
  scene.background = new Color(0xf3f1f8);
  scene.add(new HemisphereLight(0xffffff, 0x8d8a99, 2.2));
  const sun = new DirectionalLight(0xffffff, 2);
  sun.position.set(2, 4, 3);
  scene.add(sun);
  scene.add(model);

  // Frame the model: centre it and place the camera so that its bounding sphere fills the view.
  const box = new Box3().setFromObject(model);
  const centre = box.getCenter(new Vector3());
  const radius = Math.max(box.getSize(new Vector3()).length() / 2, 1e-3);
  model.position.sub(centre);
  const camera = new PerspectiveCamera(40, 1, radius / 100, radius * 100);
  camera.position.set(0, radius * 0.4, radius * 2.8);
  camera.lookAt(0, 0, 0);

  const resize = () => {
    const width = canvas.clientWidth || 1;
    const height = canvas.clientHeight || 1;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  resize();

  let frame = 0;
  let last = performance.now();
  const tick = (now: number) => {
    if (options.turntable && !document.hidden) model.rotation.y += ((now - last) / 1000) * TURN_RADIANS_PER_SECOND;
    last = now;
    renderer.render(scene, camera);
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);

  return {
    setPaused(paused) {
      cancelAnimationFrame(frame);
      frame = 0;
      if (!paused) {
        last = performance.now();
        frame = requestAnimationFrame(tick);
      }
    },
    dispose() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      model.traverse((object: Object3D) => {
        if (!(object as Mesh).isMesh) return;
        const mesh = object as Mesh;
        mesh.geometry.dispose();
        const materials: Material[] = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
        for (const material of materials) {
          for (const value of Object.values(material)) if ((value as Texture | null)?.isTexture) (value as Texture).dispose();
          material.dispose();
        }
      });
      renderer.dispose();
      disposed = true;
      if (outstanding === 0) revoke();
    },
  };
}
