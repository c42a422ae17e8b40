import { useEffect } from 'react';
import { useToast } from '../shared/ui/toast';

/**
 * Messages decided before a navigation (the route guard runs outside React) and shown as toasts
 * once the new page renders.
 */
type Notice = { text: string; kind: 'info' | 'error' };
const pending: Notice[] = [];
const listeners = new Set<() => void>();

export function noticeAfterNavigation(text: string, kind: Notice['kind'] = 'error') {
  pending.push({ text, kind });
  for (const listener of listeners) listener();
}

/** Mount once inside the toast provider and the router. */
export function NavigationNotices() {
  const toast = useToast();
  useEffect(() => {
    const flush = () => {
      for (let notice = pending.shift(); notice; notice = pending.shift()) toast.show(notice.text, notice.kind);
    };
    flush();
    listeners.add(flush);
    return () => {
      listeners.delete(flush);
    };
  }, [toast]);
  return null;
}
