import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { errorText } from './api';

/**
 * Loads data on mount, on reload(), and whenever the page is opened again (its own link in the
 * menu clicked while it shows: a new history entry with the same path), so what an operator
 * sees is never older than their last click. Loading, error and data states for every console page.
 */
export function useLoad<T>(load: () => Promise<T>) {
  const loader = useRef(load);
  const { key } = useLocation();
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  /** Only the newest load writes its answer: an older one arriving late changes nothing. */
  const latest = useRef(0);
  const run = useCallback(() => {
    const ticket = ++latest.current;
    loader.current().then(
      (data) => ticket === latest.current && setState({ data, loading: false }),
      (error: unknown) => ticket === latest.current && setState({ error: errorText(error), loading: false }),
    );
  }, []);
  useEffect(() => {
    setState((s) => (s.loading ? s : { ...s, loading: true, error: undefined }));
    run();
  }, [run, key]);
  const reload = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: undefined }));
    run();
  }, [run]);
  return { ...state, reload };
}
