import { useLeaveCheck, type LeaveGuard } from '../../../shared/navigation/site-router';
import { useBeforeUnload } from '../../../shared/dom/use-before-unload';

/**
 * While `active`, leaving asks first: an in-app navigation to another page is held (the caller
 * shows a confirmation and the visitor leaves or stays), and closing or reloading the tab gets the
 * browser's own "leave site?" prompt.
 */
export function useLeaveGuard(active: boolean): LeaveGuard {
  const guard = useLeaveCheck(active);
  useBeforeUnload(active);
  return guard;
}
