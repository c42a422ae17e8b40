import type { ReactNode } from 'react';
import { ToastProvider } from '../shared/ui/toast';

/**
 * What every page renders inside, in the browser and in the prerender alike. Server state is not
 * here: the parts that read it provide it (ServerState, decision 0124).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
