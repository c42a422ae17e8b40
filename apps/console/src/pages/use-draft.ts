import { useState } from 'react';

/**
 * A form over server data: the operator's edits until that data changes (a save refetched it, or the
 * page was opened again), then the data as the server has it. `version` is the query's dataUpdatedAt.
 */
export function useDraft<T>(server: T, version: number): [T, (next: T) => void] {
  const [draft, setDraft] = useState<{ version: number; value: T } | null>(null);
  return [draft?.version === version ? draft.value : server, (value) => setDraft({ version, value })];
}
