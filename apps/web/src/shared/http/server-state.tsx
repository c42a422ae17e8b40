import { useContext, type ComponentType, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

/** The page's one server-state cache in the browser, made when the first part that reads server state shows. */
let pageClient: QueryClient | undefined;

/**
 * Server state (TanStack Query, decision 0118) for what is inside: the page's one client in the
 * browser, or the client an outer provider already gives (the prerender makes one per render). It
 * is provided by the parts that read server state (the router's pages, a lazily loaded widget), not
 * at the root, so a page that reads none (the home page) loads no TanStack code (decision 0124).
 */
export function ServerState({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  pageClient ??= createQueryClient();
  return <QueryClientProvider client={pageClient}>{children}</QueryClientProvider>;
}

/** `Component` inside ServerState: what the router renders for a page that reads server state. */
export function withServerState<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  const Wrapped = (props: Props) => (
    <ServerState>
      <Component {...props} />
    </ServerState>
  );
  Wrapped.displayName = `ServerState(${Component.displayName ?? Component.name})`;
  return Wrapped;
}
