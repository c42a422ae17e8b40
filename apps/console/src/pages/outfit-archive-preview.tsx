import { useEffect, useRef, useState } from 'react';
import type { PreviewHandle } from '@vsp/outfit-preview/preview-scene';
import { webglAvailable } from '@vsp/outfit-preview/webgl';
import { TEXTS } from '../texts';

type Status = 'idle' | 'loading' | 'ready' | 'unavailable' | 'failed';

/**
 * The outfit's 3D preview in the review queue: the website's creator preview scene (shared package),
 * fed from the stored archive. Nothing is downloaded until the operator asks; three.js and the zip
 * reader load then, as their own chunk.
 */
export function OutfitArchivePreview({ url, label }: { url: string; label: string }) {
  const [status, setStatus] = useState<Status>('idle');
  const [requested, setRequested] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!requested || !canvas.current) return;
    let cancelled = false;
    let handle: PreviewHandle | undefined;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const archive = new Uint8Array(await response.arrayBuffer());
      const [{ previewFilesFromArchive }, { mountPreview }] = await Promise.all([
        import('@vsp/outfit-preview/archive-preview-files'),
        import('@vsp/outfit-preview/preview-scene'),
      ]);
      const files = await previewFilesFromArchive(archive);
      if (cancelled || !canvas.current) return;
      handle = await mountPreview(canvas.current, files, { turntable: !reduceMotion });
      if (cancelled) handle.dispose();
      else setStatus('ready');
    })().catch(() => {
      if (!cancelled) setStatus('failed');
    });
    return () => {
      cancelled = true;
      handle?.dispose();
    };
  }, [requested, url]);

  if (status === 'idle')
    return (
      <div>
        <button type="button" className="secondary" onClick={() => {
            const drawable = webglAvailable();
            setStatus(drawable ? 'loading' : 'unavailable');
            setRequested(drawable);
          }}>
          {TEXTS.review.showPreview(label)}
        </button>
      </div>
    );
  return (
    <figure className="outfit-preview" data-testid="outfit-preview" data-status={status}>
      {status === 'unavailable' || status === 'failed' ? (
        <p role="note">{status === 'unavailable' ? TEXTS.review.previewUnavailable : TEXTS.review.previewFailed}</p>
      ) : (
        <canvas ref={canvas} className="preview-3d" role="img" aria-label={TEXTS.review.previewOf(label)} />
      )}
      {status === 'loading' && <p role="status">{TEXTS.review.previewLoading}</p>}
      <figcaption>
        <a href={url} download>
          {TEXTS.review.downloadArchive}
        </a>
      </figcaption>
    </figure>
  );
}
