import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { COMPONENT_TYPE_CODES, OUTFIT_GENDERS, type ComponentTypeCode, type OutfitGender } from '@vsp/contract/component-types';
import type { PreviewHandle, PreviewView, TextureProblem } from '@vsp/outfit-preview/preview-scene';
import { webglAvailable } from '@vsp/outfit-preview/webgl';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';

/** One press of a turn button: an eighth of a turn. */
const TURN_STEP = Math.PI / 4;

/**
 * The outfit's 3D preview in the review queue: the website's creator preview scene (shared package),
 * fed from the stored archive, on the mannequin of the submission's gender, with zoom and turn
 * buttons. Nothing is downloaded until the operator asks; three.js and the zip reader load then, as
 * their own chunk. A texture the model asks for that cannot be drawn is named under the picture.
 */
export function OutfitArchivePreview(props: { url: string; label: string; gender: string; componentType: string }) {
  const { url, label } = props;
  // An item of an unknown gender or type (none exists today) shows its model alone.
  const gender = OUTFIT_GENDERS.find((g): g is OutfitGender => g === props.gender);
  const componentType = COMPONENT_TYPE_CODES.find((c): c is ComponentTypeCode => c === props.componentType);
  const [asked, setAsked] = useState<'no' | 'drawable' | 'unavailable'>('no');
  const archive = useQuery({ ...queries.outfitArchive(url), enabled: asked === 'drawable' });
  const [drawn, setDrawn] = useState<'ready' | 'failed' | null>(null);
  const [view, setView] = useState<PreviewView | null>(null);
  const [problems, setProblems] = useState<readonly TextureProblem[]>([]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const handle = useRef<PreviewHandle | undefined>(undefined);

  // The scene is drawn into the canvas from the downloaded archive, and freed when either goes.
  useEffect(() => {
    const bytes = archive.data;
    if (!bytes || !canvas.current) return;
    let cancelled = false;
    const turntable = !(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
    const mounting = Promise.all([import('@vsp/outfit-preview/archive-preview-files'), import('@vsp/outfit-preview/preview-scene')]).then(
      async ([{ previewFilesFromArchive }, { mountPreview }]) =>
        mountPreview(canvas.current!, await previewFilesFromArchive(bytes), { turntable, gender, componentType, onViewChange: (next) => !cancelled && setView(next) }),
    );
    mounting.then(
      (mounted) => {
        if (cancelled) return;
        handle.current = mounted;
        setProblems(mounted.textureProblems);
        setDrawn('ready');
      },
      () => !cancelled && setDrawn('failed'),
    );
    return () => {
      cancelled = true;
      handle.current = undefined;
      void mounting.then((mounted) => mounted.dispose(), () => undefined);
    };
  }, [archive.data, gender, componentType]);

  const status = asked === 'no' ? 'idle' : asked === 'unavailable' ? 'unavailable' : archive.isError ? 'failed' : (drawn ?? 'loading');

  if (status === 'idle')
    return (
      <div>
        <button type="button" className="secondary" data-action="preview" onClick={() => setAsked(webglAvailable() ? 'drawable' : 'unavailable')}>
          {TEXTS.review.showPreview(label)}
        </button>
      </div>
    );
  const ready = status === 'ready' && view !== null;
  return (
    <figure className="outfit-preview" data-testid="outfit-preview" data-status={status} data-mannequin={gender ?? 'none'}>
      {status === 'unavailable' || status === 'failed' ? (
        <p role="note">{status === 'unavailable' ? TEXTS.review.previewUnavailable : TEXTS.review.previewFailed}</p>
      ) : (
        <canvas ref={canvas} className="preview-3d" role="img" aria-label={TEXTS.review.previewOf(label, props.gender)} data-testid="outfit-preview-canvas" />
      )}
      {status === 'loading' && <p role="status">{TEXTS.review.previewLoading}</p>}
      {ready && (
        <div className="preview-controls" role="group" aria-label={TEXTS.review.previewControls(label)}>
          <button type="button" className="secondary" disabled={!view.canZoomIn} onClick={() => handle.current?.zoomBy(1)}>
            {TEXTS.review.zoomIn}
          </button>
          <button type="button" className="secondary" disabled={!view.canZoomOut} onClick={() => handle.current?.zoomBy(-1)}>
            {TEXTS.review.zoomOut}
          </button>
          <button type="button" className="secondary" onClick={() => handle.current?.turnBy(-TURN_STEP)}>
            {TEXTS.review.turnLeft}
          </button>
          <button type="button" className="secondary" onClick={() => handle.current?.turnBy(TURN_STEP)}>
            {TEXTS.review.turnRight}
          </button>
          <button type="button" className="secondary" aria-pressed={view.turning} onClick={() => handle.current?.setTurning(!view.turning)}>
            {TEXTS.review.turntable}
          </button>
        </div>
      )}
      {problems.length > 0 && (
        <ul className="preview-problems" data-testid="preview-texture-problems">
          {problems.map((p) => (
            <li key={p.file}>{p.reason === 'missing' ? TEXTS.review.textureMissing(p.file) : TEXTS.review.textureUnreadable(p.file)}</li>
          ))}
        </ul>
      )}
      <figcaption>
        {ready && <span className="muted">{TEXTS.review.previewHint} </span>}
        <a href={url} download>
          {TEXTS.review.downloadArchive}
        </a>
      </figcaption>
    </figure>
  );
}
