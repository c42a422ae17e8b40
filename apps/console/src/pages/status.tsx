import { TEXTS } from '../texts';

/** Loading and error states of a page section. */
export function LoadState({ loading, error, onRetry }: { loading: boolean; error?: string | undefined; onRetry: () => void }) {
  if (error)
    return (
      <div role="alert" className="notice notice-error">
        <p>{TEXTS.common.failed(error)}</p>
        <button type="button" onClick={onRetry}>
          {TEXTS.common.retry}
        </button>
      </div>
    );
  if (loading) return <p role="status">{TEXTS.common.loading}</p>;
  return null;
}

/** The outcome of the last action, announced politely to screen readers. */
export function ActionMessage({ message }: { message: { text: string; error?: boolean } | null }) {
  return (
    <p role="status" aria-live="polite" className={message?.error ? 'message message-error' : 'message'}>
      {message?.text ?? ''}
    </p>
  );
}
