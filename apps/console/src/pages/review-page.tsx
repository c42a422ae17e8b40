import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { consoleReviewMusicPath, consoleReviewOutfitPath, type ReviewDecision, REVIEW_REASON_MAX } from '@vsp/contract/endpoints/console';
import { api } from '../api/api';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { OutfitArchivePreview } from './outfit-archive-preview';
import { ActionMessage, LoadState, failure, type Message } from './status';

type Kind = 'music' | 'outfit';

/** Approve, or reject with a reason; the reason is required to reject. */
function Decision({ kind, id, label, onDone }: { kind: Kind; id: number; label: string; onDone: (message: Message) => void }) {
  const [reason, setReason] = useState('');
  const reasonId = `reason-${kind}-${id}`;
  const decide = useMutation({
    mutationFn: (decision: ReviewDecision) =>
      api.post(kind === 'music' ? consoleReviewMusicPath : consoleReviewOutfitPath, {
        body: { id, decision, ...(decision === 'rejected' ? { reason: reason.trim() } : {}) },
      }),
    meta: { invalidates: ['review'] },
    onSuccess: ({ state }) => onDone({ text: `${label}: ${state === 'approved' ? TEXTS.review.approved : TEXTS.review.rejected}` }),
    onError: (error) => onDone(failure(error)),
  });
  const busy = decide.isPending;

  function ask(decision: ReviewDecision) {
    if (decision === 'rejected' && !reason.trim()) return onDone({ text: TEXTS.review.reasonRequired, error: true });
    decide.mutate(decision);
  }

  return (
    <div className="decision">
      <label htmlFor={reasonId}>{TEXTS.review.reason}</label>
      <input id={reasonId} maxLength={REVIEW_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
      <div className="row">
        <button type="button" disabled={busy} onClick={() => ask('approved')} aria-label={`${TEXTS.review.approve} ${label}`}>
          {TEXTS.review.approve}
        </button>
        <button type="button" className="danger" disabled={busy} onClick={() => ask('rejected')} aria-label={`${TEXTS.review.reject} ${label}`}>
          {TEXTS.review.reject}
        </button>
      </div>
    </div>
  );
}

export function ReviewPage() {
  const queue = useQuery(queries.reviewQueue());
  const [message, setMessage] = useState<Message>(null);

  return (
    <section aria-labelledby="review-heading">
      <h1 id="review-heading">{TEXTS.review.heading}</h1>
      <ActionMessage message={message} />
      <LoadState query={queue} />
      {queue.data && (
        <>
          <h2>{TEXTS.review.music}</h2>
          {queue.data.music.length === 0 ? (
            <p>{TEXTS.review.emptyMusic}</p>
          ) : (
            <ul className="cards">
              {queue.data.music.map((song) => (
                <li key={song.id} className="card" aria-label={song.songName}>
                  <h3>
                    {song.songName} — {song.singer}
                  </h3>
                  <p className="muted">
                    {TEXTS.review.by(song.userName, song.uid)} · {song.language} · {TEXTS.review.seconds(song.durationSeconds)} · {TEXTS.review.size(song.size)}
                  </p>
                  <audio controls preload="none" src={song.url} aria-label={TEXTS.review.play(song.songName)} />
                  <Decision kind="music" id={song.id} label={song.songName} onDone={setMessage} />
                </li>
              ))}
            </ul>
          )}
          <h2>{TEXTS.review.outfits}</h2>
          {queue.data.outfits.length === 0 ? (
            <p>{TEXTS.review.emptyOutfits}</p>
          ) : (
            <ul className="cards">
              {queue.data.outfits.map((outfit) => {
                const label = `${outfit.componentType} #${outfit.id}`;
                return (
                  <li key={outfit.id} className="card" aria-label={label}>
                    <h3>{label}</h3>
                    <p className="muted">
                      {TEXTS.review.by(outfit.userName, outfit.uid)} · {outfit.gender} · {TEXTS.review.size(outfit.size)}
                    </p>
                    <OutfitArchivePreview url={outfit.url} label={label} />
                    <Decision kind="outfit" id={outfit.id} label={label} onDone={setMessage} />
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
