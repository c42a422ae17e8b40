import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * While `active`, leaving asks first: an in-app navigation to another page is held (the caller
 * shows a confirmation and proceeds or resets the blocker), and closing or reloading the tab gets
 * the browser's own "leave site?" prompt.
 */
export function useLeaveGuard(active: boolean): Blocker {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  useEffect(() => {
    if (!active && blocker.state === 'blocked') blocker.reset();
  }, [active, blocker]);

  return blocker;
}
