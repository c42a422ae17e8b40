import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { COMPONENT_TYPE_CODES } from '@vsp/contract/component-types';
import { Errors } from '@vsp/contract/error-codes';
import { type ConsoleMusicItem, type ConsoleOutfitItem, type ReviewClaim, type ReviewDecision, REVIEW_REASON_MAX } from '@vsp/contract/endpoints/console';
import { MUSIC_REJECTION_CATEGORIES, REJECTION_CATEGORIES, isRejectionCategory, type RejectionCategory, type ReviewKind } from '@vsp/contract/review-reasons';
import { loadSession } from '../api/api';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { OutfitArchivePreview } from './outfit-archive-preview';
import { ActionMessage, LoadState, failure, type Message } from './status';

type Entry = { kind: 'music'; item: ConsoleMusicItem; label: string } | { kind: 'outfit'; item: ConsoleOutfitItem; label: string };
const keyOf = (kind: ReviewKind, id: number) => `${kind}:${id}`;
const clock = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** A rejection's category from the fixed list (required to reject) and optional note, sent only when the decision rejects. */
type Rejection = { category: RejectionCategory | ''; note: string };
const rejectionOf = (decision: ReviewDecision, { category, note }: Rejection) => (decision === 'rejected' && category ? { category, reason: note.trim() } : {});

/** The rejection's fields (`<id>-category`, `<id>-note`); songs take only the categories that fit a song. */
function RejectionFields({ id, kind, value, onChange }: { id: string; kind: ReviewKind; value: Rejection; onChange(value: Rejection): void }) {
  const categories: readonly RejectionCategory[] = kind === 'music' ? MUSIC_REJECTION_CATEGORIES : REJECTION_CATEGORIES;
  return (
    <>
      <label htmlFor={`${id}-category`}>{TEXTS.review.category}</label>
      <select id={`${id}-category`} value={value.category} onChange={(e) => onChange({ ...value, category: isRejectionCategory(e.target.value) ? e.target.value : '' })}>
        <option value="">{TEXTS.review.chooseCategory}</option>
        {categories.map((c) => (
          <option key={c} value={c}>
            {TEXTS.review.categories[c]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-note`}>{TEXTS.review.note}</label>
      <input id={`${id}-note`} maxLength={REVIEW_REASON_MAX} value={value.note} onChange={(e) => onChange({ ...value, note: e.target.value })} />
    </>
  );
}

/** Approve, or reject with a category from the fixed list (required) and an optional note. */
function Decision({ kind, id, label, onDone }: { kind: ReviewKind; id: number; label: string; onDone: (message: Message) => void }) {
  const [rejection, setRejection] = useState<Rejection>({ category: '', note: '' });
  const fieldsId = `${kind}-${id}`;
  const decide = useMutation({
    ...mutations.decideReview(),
    onSuccess: ({ state }) => onDone({ text: `${label}: ${state === 'approved' ? TEXTS.review.approved : TEXTS.review.rejected}` }),
    onError: (error) => onDone(failure(error)),
  });
  const busy = decide.isPending;

  function ask(decision: ReviewDecision) {
    if (decision === 'rejected' && !rejection.category) {
      document.getElementById(`${fieldsId}-category`)?.focus();
      return onDone({ text: TEXTS.review.categoryRequired, error: true });
    }
    decide.mutate({ kind, id, decision, ...rejectionOf(decision, rejection) });
  }

  return (
    <div className="decision">
      <RejectionFields id={fieldsId} kind={kind} value={rejection} onChange={setRejection} />
      <div className="row">
        <button type="button" data-action="approve" disabled={busy} onClick={() => ask('approved')} aria-label={`${TEXTS.review.approve} ${label}`}>
          {TEXTS.review.approve}
        </button>
        <button type="button" data-action="reject" className="danger" disabled={busy} onClick={() => ask('rejected')} aria-label={`${TEXTS.review.reject} ${label}`}>
          {TEXTS.review.reject}
        </button>
      </div>
    </div>
  );
}

/** Who reviews the item now, and the operator's claim or give-back button. */
function ClaimControl({ kind, id, label, claim, me, onDone }: { kind: ReviewKind; id: number; label: string; claim: ReviewClaim; me: number | undefined; onDone(message: Message): void }) {
  const change = useMutation({
    ...mutations.claimReview(),
    onSuccess: (_data, { release }) => onDone({ text: release ? TEXTS.review.releasedMessage(label) : TEXTS.review.claimedMessage(label) }),
    onError: (error) => onDone(failure(error)),
  });
  const mine = claim !== null && claim.uid === me;
  return (
    <div className="row" data-testid="claim" data-claimed-by={claim?.userName ?? ''}>
      {claim && <span className={mine ? 'claim claim-mine' : 'claim claim-other'}>{mine ? TEXTS.review.claimedByYou(clock(claim.until)) : TEXTS.review.claimedBy(claim.userName, clock(claim.until))}</span>}
      {mine ? (
        <button type="button" disabled={change.isPending} onClick={() => change.mutate({ kind, id, release: true })} aria-label={TEXTS.review.releaseLabel(label)}>
          {TEXTS.review.release}
        </button>
      ) : (
        <button type="button" data-action="claim" disabled={change.isPending || claim !== null} onClick={() => change.mutate({ kind, id })} aria-label={TEXTS.review.claimLabel(label)}>
          {TEXTS.review.claim}
        </button>
      )}
    </div>
  );
}

type Selected = { kind: ReviewKind; id: number; label: string };

/** Why a bulk decision left an item alone, from its answer's code and parameters. */
function skippedBecause(code: number | null, params: Readonly<Record<string, string | number>>): string {
  const why = TEXTS.review.skippedBecause;
  if (code === Errors.ReviewItemClaimed) return why.ReviewItemClaimed(String(params.by ?? ''));
  if (code === Errors.NotFound) return why.NotFound;
  if (code === Errors.ValidationFailed) return why.ValidationFailed;
  return why.other;
}

/** One decision for the selected items; the outcome names each item it skipped and why. */
function BulkBar({ selected, kinds, onDone, onClear }: { selected: readonly Selected[]; kinds: ReadonlySet<ReviewKind>; onDone(message: Message): void; onClear(): void }) {
  const [rejection, setRejection] = useState<Rejection>({ category: '', note: '' });
  const bulk = useMutation({
    ...mutations.bulkDecide(),
    onSuccess: ({ results }) => {
      const decided = results.filter((r) => r.state !== null).length;
      const skipped = results
        .filter((r) => r.state === null)
        .map((r) => ({ label: selected.find((s) => s.kind === r.kind && s.id === r.id)?.label ?? `${r.kind} #${r.id}`, why: skippedBecause(r.code, r.params) }));
      onDone({ text: TEXTS.review.bulkDone(decided, skipped), error: skipped.length > 0 });
      onClear();
    },
    onError: (error) => onDone(failure(error)),
  });
  function ask(decision: ReviewDecision) {
    if (decision === 'rejected' && !rejection.category) return onDone({ text: TEXTS.review.categoryRequired, error: true });
    bulk.mutate({ items: selected.map(({ kind, id }) => ({ kind, id })), decision, ...rejectionOf(decision, rejection) });
  }
  // A mixed selection offers the categories that fit a song.
  const kind: ReviewKind = kinds.has('music') ? 'music' : 'outfit';
  return (
    <section className="card bulk" aria-labelledby="bulk-heading" data-testid="bulk-bar">
      <h2 id="bulk-heading">{TEXTS.review.bulkHeading}</h2>
      <p className="muted">{TEXTS.review.selected(selected.length)}</p>
      <div className="decision">
        <RejectionFields id="bulk" kind={kind} value={rejection} onChange={setRejection} />
        <div className="row">
          <button type="button" disabled={bulk.isPending} onClick={() => ask('approved')}>
            {TEXTS.review.approveSelected}
          </button>
          <button type="button" className="danger" disabled={bulk.isPending} onClick={() => ask('rejected')}>
            {TEXTS.review.rejectSelected}
          </button>
          <button type="button" disabled={bulk.isPending} onClick={onClear}>
            {TEXTS.review.clearSelection}
          </button>
        </div>
      </div>
    </section>
  );
}

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

export function ReviewPage() {
  const queue = useQuery(queries.reviewQueue());
  const me = loadSession()?.uid;
  const [message, setMessage] = useState<Message>(null);
  const [kindFilter, setKindFilter] = useState<'all' | ReviewKind>('all');
  const [typeFilter, setTypeFilter] = useState('');
  const [minWaiting, setMinWaiting] = useState(0);
  const [selected, setSelected] = useState<ReadonlyMap<string, Selected>>(new Map());
  const list = useRef<HTMLUListElement>(null);

  const data = queue.data;
  const entries = useMemo<Entry[]>(() => {
    if (!data) return [];
    const all: Entry[] = [
      ...data.music.map((item) => ({ kind: 'music' as const, item, label: item.songName })),
      ...data.outfits.map((item) => ({ kind: 'outfit' as const, item, label: `${item.componentType} #${item.id}` })),
    ];
    return all.sort((a, b) => a.item.createdAt - b.item.createdAt);
  }, [data]);
  const now = data?.now ?? 0;
  const shown = entries.filter(
    (e) =>
      (kindFilter === 'all' || e.kind === kindFilter) &&
      (!typeFilter || (e.kind === 'outfit' && e.item.componentType === typeFilter)) &&
      now - e.item.createdAt >= minWaiting * 60_000,
  );
  const oldest = entries[0];
  const chosen = [...selected.values()].filter((s) => entries.some((e) => e.kind === s.kind && e.item.id === s.id));

  const toggle = (kind: ReviewKind, id: number, label: string) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(keyOf(kind, id))) next.delete(keyOf(kind, id));
      else next.set(keyOf(kind, id), { kind, id, label });
      return next;
    });

  /** Shortcuts on the focused item: next, previous, play, claim, select, approve, reject. */
  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const target = event.target as HTMLElement;
    if (TYPING.has(target.tagName) || event.altKey || event.ctrlKey || event.metaKey) return;
    const cards = [...(list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [])];
    const card = target.closest<HTMLElement>('li.card');
    const at = card ? cards.indexOf(card) : -1;
    const key = event.key.toLowerCase();
    const press = (selector: string) => card?.querySelector<HTMLElement>(selector)?.click();
    if (key === 'j' || key === 'n') cards[Math.min(cards.length - 1, at + 1)]?.focus();
    else if (key === 'k') cards[Math.max(0, at - 1)]?.focus();
    else if (key === 'p') {
      const audio = card?.querySelector('audio');
      if (audio) void (audio.paused ? audio.play() : Promise.resolve(audio.pause()));
      else press('[data-action="preview"]');
    } else if (key === 'c') press('[data-action="claim"]');
    else if (key === 'x') press('input[type="checkbox"]');
    else if (key === 'a') press('[data-action="approve"]');
    else if (key === 'r') press('[data-action="reject"]');
    else return;
    event.preventDefault();
  }

  return (
    <section aria-labelledby="review-heading">
      <h1 id="review-heading">{TEXTS.review.heading}</h1>
      <ActionMessage message={message} />
      <LoadState query={queue} />
      {data && (
        <>
          {/* An empty queue says so once, where the items would be. */}
          {oldest ? <p data-testid="oldest-waiting">{TEXTS.review.oldestWaiting(TEXTS.review.duration(now - oldest.item.createdAt))}</p> : null}
          <fieldset className="row filters">
            <legend>{TEXTS.review.filters}</legend>
            <label>
              {TEXTS.review.kind}
              <select value={kindFilter} onChange={(e) => setKindFilter(e.target.value === 'music' || e.target.value === 'outfit' ? e.target.value : 'all')}>
                {(['all', 'music', 'outfit'] as const).map((k) => (
                  <option key={k} value={k}>
                    {TEXTS.review.kinds[k]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {TEXTS.review.componentType}
              <select value={typeFilter} onChange={(e) => setTypeFilter(e.target.value)}>
                <option value="">{TEXTS.review.anyComponentType}</option>
                {COMPONENT_TYPE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {TEXTS.review.minWaiting}
              <select value={minWaiting} onChange={(e) => setMinWaiting(Number(e.target.value))}>
                {TEXTS.review.waitingOptions.map(([minutes, text]) => (
                  <option key={minutes} value={minutes}>
                    {text}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
          <p className="muted">{TEXTS.review.shortcuts}</p>
          {chosen.length > 0 && <BulkBar selected={chosen} kinds={new Set(chosen.map((c) => c.kind))} onDone={setMessage} onClear={() => setSelected(new Map())} />}
          {shown.length === 0 ? (
            <p>{entries.length === 0 ? `${TEXTS.review.emptyMusic} ${TEXTS.review.emptyOutfits}` : TEXTS.review.emptyFiltered}</p>
          ) : (
            // The list reads the shortcuts of the focused card (each card takes the focus itself).
            <ul className="cards" ref={list} onKeyDown={onKeyDown}>
              {shown.map((entry) => {
                const { kind, item, label } = entry;
                return (
                  <li key={keyOf(kind, item.id)} className="card" aria-label={label} tabIndex={0} data-kind={kind}>
                    <div className="row">
                      <input type="checkbox" id={`select-${kind}-${item.id}`} checked={selected.has(keyOf(kind, item.id))} onChange={() => toggle(kind, item.id, label)} />
                      <label htmlFor={`select-${kind}-${item.id}`} className="visually-hidden">
                        {TEXTS.review.select(label)}
                      </label>
                      <h3>{kind === 'music' ? `${entry.item.songName} — ${entry.item.singer}` : label}</h3>
                    </div>
                    <p className="muted">
                      {TEXTS.review.by(item.userName, item.uid)} · {kind === 'music' ? `${entry.item.language} · ${TEXTS.review.seconds(entry.item.durationSeconds)}` : entry.item.gender} ·{' '}
                      {TEXTS.review.size(item.size)} · {TEXTS.review.waiting(TEXTS.review.duration(now - item.createdAt))}
                      {item.replaces
                        ? ` · ${TEXTS.review.replaces(item.replaces.name, item.replaces.category ? TEXTS.review.categories[item.replaces.category] : (item.replaces.reason ?? '—'))}`
                        : item.resubmitOf !== null && ` · ${TEXTS.review.resubmission}`}
                    </p>
                    <ClaimControl kind={kind} id={item.id} label={label} claim={item.claim} me={me} onDone={setMessage} />
                    {entry.kind === 'music' ? (
                      <audio controls preload="none" src={entry.item.url} aria-label={TEXTS.review.play(entry.item.songName)} />
                    ) : (
                      <OutfitArchivePreview url={entry.item.url} label={label} gender={entry.item.gender} componentType={entry.item.componentType} />
                    )}
                    <Decision kind={kind} id={item.id} label={label} onDone={setMessage} />
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
