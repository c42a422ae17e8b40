import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { PreviewHandle } from '@vsp/outfit-preview/preview-scene';
import { webglAvailable } from '@vsp/outfit-preview/webgl';
import './outfit-preview.css';

type PreviewStatus = 'loading' | 'ready' | 'unavailable' | 'failed';

/**
 * The outfit on a turntable. three.js and its FBX and TGA loaders load only here, on first use;
 * without WebGL the preview says so and the preflight report below still applies.
 */
export const OutfitPreview = memo(function OutfitPreview({
  model,
  textures,
  paused = false,
}: {
  model: File;
  textures: readonly { path: string; file: File }[];
  paused?: boolean;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [status, setStatus] = useState<PreviewStatus>(() => (webglAvailable() ? 'loading' : 'unavailable'));
  const handle = useRef<PreviewHandle | undefined>(undefined);

  useEffect(() => {
    if (status === 'unavailable' || !canvas.current) return;
    let cancelled = false;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    import('@vsp/outfit-preview/preview-scene')
      .then(({ mountPreview }) => mountPreview(canvas.current!, { model, textures }, { turntable: !reduceMotion }))
      .then(
        (mounted) => {
          if (cancelled) mounted.dispose();
          else {
            handle.current = mounted;
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
    // The status only decides whether to start; a new model or texture set restarts the preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model, textures]);

  // While the archive is compressed and sent, the turntable stops: the page stays light.
  useEffect(() => handle.current?.setPaused(paused), [paused, status]);

  return (
    <figure className="outfit-preview" data-testid="outfit-preview" data-status={status}>
      {status === 'unavailable' || status === 'failed' ? (
        <p className="outfit-preview__notice" role="note">
          {t(status === 'unavailable' ? 'creator.preview.unavailable' : 'creator.preview.failed')}
        </p>
      ) : (
        <canvas ref={canvas} className="outfit-preview__canvas" aria-label={t('creator.preview.title')} role="img" />
      )}
      {status === 'loading' && <p className="outfit-preview__loading">{t('creator.preview.loading')}</p>}
      <figcaption>{t('creator.preview.title')}</figcaption>
    </figure>
  );
});
