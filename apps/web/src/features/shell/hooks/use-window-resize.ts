import { useEffect, useRef } from 'react';
import { RESIZE_DEBOUNCE_SHELL_MS } from '../../../shared/ui/layout';

/** Calls `onResize(width)` once the window has stopped resizing for `delayMs` (200 ms on the shell). */
export function useWindowResize(onResize: (width: number) => void, delayMs = RESIZE_DEBOUNCE_SHELL_MS): void {
  const latest = useRef(onResize);
  useEffect(() => {
    latest.current = onResize;
  });
  useEffect(() => {
    let timer: number | undefined;
    const handler = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => latest.current(window.innerWidth), delayMs);
    };
    window.addEventListener('resize', handler);
    return () => {
      window.removeEventListener('resize', handler);
      window.clearTimeout(timer);
    };
  }, [delayMs]);
}
