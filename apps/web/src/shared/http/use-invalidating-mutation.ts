import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export interface AfterWrite<Answer> {
  /** What the page does with the answer (a toast, closing a dialog): never the cache. */
  onSuccess?: (answer: Answer) => void;
  onError?: (error: Error) => void;
  /**
   * When `stale` is out of date: after a success (the default), or after a refusal, which may mean
   * what the page shows moved on (a pack's limit, maintenance) while a success leaves the page.
   */
  staleAfter?: 'success' | 'refusal';
}

/**
 * The website's one way to write (decisions 0118, 0167): once the write is answered, every query
 * under `stale` is out of date: the ones on screen fetch again, the others when they are next
 * shown. The write's own answer does not wait for that refetch.
 */
export function useInvalidatingMutation<Input, Answer>(write: (input: Input) => Promise<Answer>, stale: QueryKey, { staleAfter = 'success', ...then }: AfterWrite<Answer> = {}) {
  const queryClient = useQueryClient();
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: stale });
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      if (staleAfter === 'success') invalidate();
      then.onSuccess?.(answer);
    },
    onError: (error) => {
      if (staleAfter === 'refusal') invalidate();
      then.onError?.(error);
    },
  });
}
