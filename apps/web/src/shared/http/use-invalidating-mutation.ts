import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A write whose success makes every query under `stale` out of date (decision 0118): the ones on
 * screen fetch again, the others when they are next shown. The write's own answer does not wait for
 * that refetch.
 */
export function useInvalidatingMutation<Input, Answer>(write: (input: Input) => Promise<Answer>, stale: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: stale });
    },
  });
}
