import { useMutation, useQueryClient } from '@tanstack/react-query';
import { outfitKeys } from '../api/list-outfits';
import { submitOutfit } from '../api/submit-outfit';

/** Records an uploaded archive for review; the new submission heads the list, so every page of it is out of date. */
export function useSubmitOutfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOutfit,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: outfitKeys.all });
    },
  });
}
