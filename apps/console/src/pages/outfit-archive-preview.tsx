import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { webglAvailable } from '@vsp/outfit-preview/webgl';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';

/**
 * The outfit's 3D preview in the review queue: the website's creator preview scene (shared package),
 * fed from the stored archive. Nothing is downloaded until the operator asks; three.js and the zip
 * reader load then, as their own chunk.
 */
export function OutfitArchivePreview({ url, label }: { url: string; label: string }) {
  const [asked, setAsked] = useState<'no' | 'drawable' | 'unavailable'>('no');
  const archive = useQuery({ ...queries.outfitArchive(url), enabled: asked === 'drawable' });
  const [drawn, setDrawn] = useState<'ready' | 'failed' | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  // The scene is drawn into the canvas from the downloaded archive, and freed when either goes.
  useEffect(() => {
    const bytes = archive.data;
    if (!bytes || !canvas.current) return;
    const turntable = !(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
    const mounting = Promise.all([import('@vsp/outfit-preview/archive-preview-files'), import('@vsp/outfit-preview/preview-scene')]).then(
      async ([{ previewFilesFromArchive }, { mountPreview }]) => mountPreview(canvas.current!, await previewFilesFromArchive(bytes), { turntable }),
    );
    mounting.then(
      () => setDrawn('ready'),
      () => setDrawn('failed'),
    );
    return () => void mounting.then((handle) => handle.dispose(), () => undefined);
  }, [archive.data]);

  const status = asked === 'no' ? 'idle' : asked === 'unavailable' ? 'unavailable' : archive.isError ? 'failed' : (drawn ?? 'loading');

  if (status === 'idle')
    return (
      <div>
        <button type="button" className="secondary" data-action="preview" onClick={() => setAsked(webglAvailable() ? 'drawable' : 'unavailable')}>
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
