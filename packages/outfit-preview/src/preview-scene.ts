import {
  Box3,
  Color,
  DirectionalLight,
  Group,
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
import type { ComponentTypeCode, OutfitGender } from '@vsp/contract/component-types';
import { fileNameOf } from '@vsp/outfit-format/fbx-summary';
import { FolderTextureLoader, type TextureProblem } from './folder-texture-loader';
import { buildMannequin, placeOnMannequin, regionOf } from './mannequin';

/**
 * The 3D preview: the outfit's FBX with its TGA textures, on a neutral mannequin of the chosen
 * gender, on a turntable the viewer can stop, turn and zoom (wheel, pinch, drag, or the caller's
 * buttons through the handle). Shared by the website's creator wizard and the console's review
 * queue (decisions 0079, 0136). Callers load this module with a dynamic import only when a preview
 * shows, so three.js stays a separate chunk, never in a first load.
 */

export type { TextureProblem } from './folder-texture-loader';

export interface PreviewFiles {
  model: File;
  textures: readonly { path: string; file: File }[];
}

/** What the caller's zoom and turn buttons show. */
export interface PreviewView {
  readonly canZoomIn: boolean;
  readonly canZoomOut: boolean;
  readonly turning: boolean;
}

export interface PreviewOptions {
  /** Start turning (off when the visitor prefers reduced motion). */
  turntable: boolean;
  /** The mannequin's gender and where on it the outfit sits; without both, the outfit shows alone. */
  gender?: OutfitGender | undefined;
  componentType?: ComponentTypeCode | undefined;
  onViewChange?(view: PreviewView): void;
}

export interface PreviewHandle {
  /** Textures the model asks for that could not be drawn (they show grey); empty when all drew. */
  readonly textureProblems: readonly TextureProblem[];
  /** Stops (or resumes) drawing altogether, e.g. while the archive is sent; a paused preview draws nothing. */
  setPaused(paused: boolean): void;
  /** Starts or stops the turntable. */
  setTurning(turning: boolean): void;
  /** Zooms in (steps > 0) or out (steps < 0), one button press being one step. */
  zoomBy(steps: number): void;
  /** Turns the stand by the given angle (radians; positive turns the front to the viewer's right). */
  turnBy(radians: number): void;
  dispose(): void;
}

const PLACEHOLDER_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=';

const TURN_RADIANS_PER_SECOND = 0.6;
const FIELD_OF_VIEW = 35;
/** One zoom step (a button press) changes the camera distance by this factor. */
const ZOOM_STEP = 1.25;
/** The closest view is this share of the outfit's framing distance. */
const CLOSEST = 0.45;
/** The outfit is framed with at least this much of the body around it (metres, vertically). */
const MIN_FRAME_HEIGHT = 0.55;

/** Camera distance at which a box of this size fills the view. */
function framingDistance(size: Vector3): number {
  const radius = Math.max(size.length() / 2, 1e-3);
  return (radius / Math.sin(((FIELD_OF_VIEW / 2) * Math.PI) / 180)) * 0.9;
}

export async function mountPreview(canvas: HTMLCanvasElement, files: PreviewFiles, options: PreviewOptions): Promise<PreviewHandle> {
  const manager = new LoadingManager();
  const textureLoader = new FolderTextureLoader(files.textures, files.model.name, manager);
  const otherProblems: TextureProblem[] = [];
  // Textures other than TGA (the folder holds only TGA, so these are missing by definition) resolve
  // to a grey placeholder, through three.js's own image loader.
  manager.setURLModifier((url) => {
    if (url.startsWith('blob:') || url.startsWith('data:')) return url;
    otherProblems.push({ file: fileNameOf(decodeURIComponent(url)), reason: 'missing' });
    return PLACEHOLDER_PNG;
  });
  manager.addHandler(/\.tga$/i, textureLoader);

  const model = new FBXLoader(manager).parse(await files.model.arrayBuffer(), '');
  // Every texture is read (or refused) before the first frame: no white model while they load.
  const textureProblems = [
    ...new Map([...(await textureLoader.settled()), ...otherProblems].map((problem) => [problem.file.toLowerCase(), problem])).values(),
  ];

  const stage = new Group();
  if (options.gender && options.componentType) {
    const { object: mannequin, body } = buildMannequin(options.gender);
    placeOnMannequin(model, regionOf(options.componentType, body));
    stage.add(mannequin);
  } else {
    // Nothing to stand on yet: the outfit alone, on the turntable's axis.
    model.position.sub(new Box3().setFromObject(model).getCenter(new Vector3()));
  }
  stage.add(model);

  // preserveDrawingBuffer: the picture stays readable after it is shown (the browser tests read its pixels).
  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true });
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const scene = new Scene();
  scene.background = new Color(0xf3f1f8);
  scene.add(new HemisphereLight(0xffffff, 0x8d8a99, 2.2));
  const sun = new DirectionalLight(0xffffff, 2);
  sun.position.set(2, 4, 3);
  scene.add(sun);
  scene.add(stage);

  // Two framings: close on the outfit (with some body around it) and the whole mannequin. Zooming
  // moves the camera between them and beyond the close one; the turntable's axis stays in view.
  const outfitBox = new Box3().setFromObject(model);
  const near = outfitBox.getCenter(new Vector3());
  const nearSize = outfitBox.getSize(new Vector3());
  if (stage.children.length > 1) nearSize.y = Math.max(nearSize.y, MIN_FRAME_HEIGHT);
  const everything = new Box3().setFromObject(stage);
  const far = everything.getCenter(new Vector3());
  const nearDistance = framingDistance(nearSize);
  const farDistance = Math.max(framingDistance(everything.getSize(new Vector3())), nearDistance);
  const minDistance = nearDistance * CLOSEST;
  let distance = nearDistance;

  const camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, minDistance / 50, farDistance * 20);
  const placeCamera = () => {
    const towardsFar = farDistance > nearDistance ? Math.min(Math.max((distance - nearDistance) / (farDistance - nearDistance), 0), 1) : 0;
    const y = near.y + (far.y - near.y) * towardsFar;
    camera.position.set(0, y + distance * 0.12, distance);
    camera.lookAt(0, y, 0);
  };

  let turning = options.turntable;
  const notify = () =>
    options.onViewChange?.({ canZoomIn: distance > minDistance * 1.001, canZoomOut: distance < farDistance * 0.999, turning });
  let dirty = true;
  const zoomTo = (next: number) => {
    distance = Math.min(Math.max(next, minDistance), farDistance);
    placeCamera();
    dirty = true;
    notify();
  };
  placeCamera();

  const resize = () => {
    const width = canvas.clientWidth || 1;
    const height = canvas.clientHeight || 1;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    dirty = true;
  };
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  resize();

  // Wheel and pinch zoom, drag turns. The canvas lets vertical swipes scroll the page (touch-action: pan-y).
  // At either end of the zoom the wheel scrolls the page again, so a list of previews stays scrollable.
  const onWheel = (event: WheelEvent) => {
    const pixels = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
    if (pixels === 0 || (pixels < 0 ? distance <= minDistance * 1.001 : distance >= farDistance * 0.999)) return;
    event.preventDefault();
    zoomTo(distance * Math.exp(Math.max(Math.min(pixels, 200), -200) * 0.0015));
  };
  const pointers = new Map<number, { x: number; y: number }>();
  let pinch = 0;
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (event: PointerEvent) => {
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    canvas.setPointerCapture?.(event.pointerId);
    pinch = spread();
  };
  const onPointerMove = (event: PointerEvent) => {
    const before = pointers.get(event.pointerId);
    if (!before) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size >= 2) {
      const now = spread();
      if (pinch > 0 && now > 0) zoomTo(distance * (pinch / now));
      pinch = now;
    } else {
      stage.rotation.y += ((event.clientX - before.x) / Math.max(canvas.clientWidth, 1)) * Math.PI;
      dirty = true;
    }
  };
  const onPointerUp = (event: PointerEvent) => {
    pointers.delete(event.pointerId);
    pinch = spread();
  };
  const listening = new AbortController();
  const { signal } = listening;
  canvas.addEventListener('wheel', onWheel, { passive: false, signal });
  canvas.addEventListener('pointerdown', onPointerDown, { signal });
  canvas.addEventListener('pointermove', onPointerMove, { signal });
  canvas.addEventListener('pointerup', onPointerUp, { signal });
  canvas.addEventListener('pointercancel', onPointerUp, { signal });
  manager.onLoad = () => (dirty = true);

  let frame = 0;
  let last = performance.now();
  const tick = (now: number) => {
    if (turning && !document.hidden && pointers.size === 0) {
      stage.rotation.y += ((now - last) / 1000) * TURN_RADIANS_PER_SECOND;
      dirty = true;
    }
    last = now;
    // A still preview draws only when something changed: nothing turns, nothing is spent.
    if (dirty) renderer.render(scene, camera);
    dirty = false;
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  notify();

  return {
    textureProblems,
    setPaused(paused) {
      cancelAnimationFrame(frame);
      frame = 0;
      if (!paused) {
        last = performance.now();
        frame = requestAnimationFrame(tick);
      }
    },
    setTurning(next) {
      turning = next;
      last = performance.now();
      notify();
    },
    zoomBy(steps) {
      zoomTo(distance * ZOOM_STEP ** -steps);
    },
    turnBy(radians) {
      stage.rotation.y += radians;
      dirty = true;
    },
    dispose() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      listening.abort();
      stage.traverse((object: Object3D) => {
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
    },
  };
}
