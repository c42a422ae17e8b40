import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from './client';

/** Loads data on mount and on reload(): loading, error and data states for every console page. */
export function useLoad<T>(load: () => Promise<T>) {
  const loader = useRef(load);
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const run = useCallback(() => {
    loader.current().then(
      (data) => setState({ data, loading: false }),
      (error: unknown) => setState({ error: errorText(error), loading: false }),
    );
  }, []);
  useEffect(run, [run]);
  const reload = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: undefined }));
    run();
  }, [run]);
  return { ...state, reload };
}
