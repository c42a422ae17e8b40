import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { useBeforeUnload } from '../../../shared/dom/use-before-unload';

/**
 * While `active`, leaving asks first: an in-app navigation to another page is held (the caller
 * shows a confirmation and proceeds or resets the blocker), and closing or reloading the tab gets
 * the browser's own "leave site?" prompt.
 */
export function useLeaveGuard(active: boolean): Blocker {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);

  useBeforeUnload(active);

  useEffect(() => {
    if (!active && blocker.state === 'blocked') blocker.reset();
  }, [active, blocker]);

  return blocker;
}
