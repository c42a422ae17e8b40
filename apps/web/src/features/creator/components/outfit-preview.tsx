import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ComponentTypeCode, OutfitGender } from '@vsp/contract/component-types';
import type { PreviewHandle, PreviewView, TextureProblem } from '@vsp/outfit-preview/preview-scene';
import { webglAvailable } from '@vsp/outfit-preview/webgl';
import './outfit-preview.css';

type PreviewStatus = 'loading' | 'ready' | 'unavailable' | 'failed';

/** One press of a turn button: an eighth of a turn. */
const TURN_STEP = Math.PI / 4;
/** A magnifying glass (circle and handle) as one path, for the zoom buttons to add a sign to. */
const MAGNIFIER = 'M17.5 11a6.5 6.5 0 11-13 0 6.5 6.5 0 0113 0zM16 16l4.5 4.5';

/**
 * The outfit on a neutral mannequin of the chosen gender, on a turntable the creator can stop, turn
 * and zoom (buttons for keyboards, drag, wheel and pinch on the canvas). three.js and its FBX and TGA
 * loaders load only here, on first use; without WebGL the preview says so and the preflight report
 * below still applies. A texture the model asks for that cannot be drawn is named under the picture.
 */
export const OutfitPreview = memo(function OutfitPreview({
  model,
  textures,
  gender,
  componentType,
  paused = false,
}: {
  model: File;
  textures: readonly { path: string; file: File }[];
  gender: OutfitGender | undefined;
  componentType: ComponentTypeCode | undefined;
  paused?: boolean;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [status, setStatus] = useState<PreviewStatus>(() => (webglAvailable() ? 'loading' : 'unavailable'));
  const [view, setView] = useState<PreviewView | null>(null);
  const [problems, setProblems] = useState<readonly TextureProblem[]>([]);
  const handle = useRef<PreviewHandle | undefined>(undefined);

  useEffect(() => {
    if (status === 'unavailable' || !canvas.current) return;
    let cancelled = false;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    setStatus('loading');
    setProblems([]);
    import('@vsp/outfit-preview/preview-scene')
      .then(({ mountPreview }) =>
        mountPreview(canvas.current!, { model, textures }, { turntable: !reduceMotion, gender, componentType, onViewChange: (next) => !cancelled && setView(next) }),
      )
      .then(
        (mounted) => {
          if (cancelled) mounted.dispose();
          else {
            handle.current = mounted;
            setProblems(mounted.textureProblems);
            setStatus('ready');
          }
        },
        () => {
          if (!cancelled) setStatus('failed');
        },
      );
    return () => {
      cancelled = true;
      handle.current?.dispose();
      handle.current = undefined;
    };
    // The status only decides whether to start; a new model, texture set or mannequin restarts the preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model, textures, gender, componentType]);

  // While the archive is compressed and sent, the turntable stops: the page stays light.
  useEffect(() => handle.current?.setPaused(paused), [paused, status]);

  const ready = status === 'ready' && view !== null;
  return (
    <figure className="outfit-preview" data-testid="outfit-preview" data-status={status} data-mannequin={gender ?? 'none'}>
      {status === 'unavailable' || status === 'failed' ? (
        <p className="outfit-preview__notice" role="note">
          {t(status === 'unavailable' ? 'creator.preview.unavailable' : 'creator.preview.failed')}
        </p>
      ) : (
        <canvas ref={canvas} className="outfit-preview__canvas" aria-label={t('creator.preview.title')} role="img" data-testid="outfit-preview-canvas" />
      )}
      {status === 'loading' && <p className="outfit-preview__loading">{t('creator.preview.loading')}</p>}
      {ready && (
        <div className="outfit-preview__controls" role="group" aria-label={t('creator.preview.controls')}>
          <PreviewButton label={t('creator.preview.zoom_in')} disabled={!view.canZoomIn} onClick={() => handle.current?.zoomBy(1)} icon={`${MAGNIFIER}M11 8v6M8 11h6`} />
          <PreviewButton label={t('creator.preview.zoom_out')} disabled={!view.canZoomOut} onClick={() => handle.current?.zoomBy(-1)} icon={`${MAGNIFIER}M8 11h6`} />
          <PreviewButton label={t('creator.preview.turn_left')} onClick={() => handle.current?.turnBy(-TURN_STEP)} icon="M8 5L4 9l4 4M4 9h11a5 5 0 010 10H9" />
          <PreviewButton label={t('creator.preview.turn_right')} onClick={() => handle.current?.turnBy(TURN_STEP)} icon="M16 5l4 4-4 4M20 9H9a5 5 0 000 10h6" />
          <PreviewButton
            label={t('creator.preview.turntable')}
            pressed={view.turning}
            onClick={() => handle.current?.setTurning(!view.turning)}
            icon="M19 12a7 7 0 11-2-4.9M19 4v4h-4"
          />
        </div>
      )}
      {problems.length > 0 && (
        <ul className="outfit-preview__problems" data-testid="preview-texture-problems">
          {problems.map((p) => (
            <li key={p.file}>{t(p.reason === 'missing' ? 'creator.preview.texture_missing' : 'creator.preview.texture_unreadable', { file: p.file })}</li>
          ))}
        </ul>
      )}
      <figcaption>
        {t('creator.preview.title')}
        {ready && <span className="outfit-preview__hint"> · {t('creator.preview.hint')}</span>}
      </figcaption>
    </figure>
  );
});

/** A 44 px icon button with its label as its accessible name and tooltip. */
function PreviewButton({
  label,
  icon,
  onClick,
  disabled = false,
  pressed,
}: {
  label: string;
  /** The icon's SVG path on a 24 px grid. */
  icon: string;
  onClick(): void;
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <button type="button" className="outfit-preview__button" aria-label={label} title={label} aria-pressed={pressed} disabled={disabled} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={icon} />
      </svg>
    </button>
  );
}
