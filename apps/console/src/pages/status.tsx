import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { errorText } from '../api/api';
import { TEXTS } from '../texts';

/**
 * Loading and error states of a page section's query. Loading shows while nothing current can show
 * (the first answer, another page of a list); a refetch of what shows replaces it quietly.
 */
export function LoadState({ query }: { query: Pick<UseQueryResult, 'error' | 'isLoading' | 'isPlaceholderData' | 'refetch'> }) {
  if (query.error)
    return (
      <div role="alert" className="notice notice-error">
        <p>{TEXTS.common.failed(errorText(query.error))}</p>
        <button type="button" onClick={() => void query.refetch()}>
          {TEXTS.common.retry}
        </button>
      </div>
    );
  if (query.isLoading || query.isPlaceholderData) return <p role="status">{TEXTS.common.loading}</p>;
  return null;
}

export type Message = { text: string; error?: boolean } | null;

/** The outcome of the last action, announced politely to screen readers. */
export function ActionMessage({ message }: { message: Message }) {
  return (
    <p role="status" aria-live="polite" className={message?.error ? 'message message-error' : 'message'}>
      {message?.text ?? ''}
    </p>
  );
}

/** A failure the operator reads before going on, announced at once. */
export function Alert({ text }: { text: string }) {
  return (
    <p role="alert" className="message message-error">
      {text}
    </p>
  );
}

/** What a failed call says. */
export const failure = (error: unknown): Message => ({ text: TEXTS.common.failed(errorText(error)), error: true });

/**
 * What the last run of an action says: its success text, or what failed; nothing before it ran.
 * Read from the mutation's state, it shows together with the lists the action refreshed.
 */
export function outcome<T, V>(mutation: UseMutationResult<T, Error, V>, done: (data: T, variables: V) => string): Message {
  if (mutation.isError) return failure(mutation.error);
  if (mutation.isSuccess) return { text: done(mutation.data, mutation.variables) };
  return null;
}

/** Of a panel's actions, the one the operator ran last (the first before any ran): the panel tells of its outcome. */
export function lastRun<K extends string>(actions: Record<K, Pick<UseMutationResult, 'submittedAt'>>): K {
  return (Object.keys(actions) as K[]).reduce((last, key) => (actions[key].submittedAt > actions[last].submittedAt ? key : last));
}
