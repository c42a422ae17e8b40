import { useMutation, useQueryClient } from '@tanstack/react-query';
import { musicKeys, submitMusic } from '../api/music-api';

/** Files a song for review; the new song heads the list, so every page of the list is out of date. */
export function useSubmitMusic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitMusic,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: musicKeys.all });
    },
  });
}
