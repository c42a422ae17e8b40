import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Router, useLocation } from 'react-router';
import type { NavigationState, SiteNavigation } from './site-navigation';

const NavigationContext = createContext<SiteNavigation<unknown> | null>(null);

/** React Router's declarative `<Router>` on the site's navigations; `render` draws the page shown. */
export function SiteRouter<P>({ navigation, render }: { navigation: SiteNavigation<P>; render: (page: P | null) => ReactNode }) {
  const state = useSyncExternalStore(navigation.subscribe, navigation.getState, navigation.getState);
  return (
    <NavigationContext value={navigation as SiteNavigation<unknown>}>
      <Router location={state.location} navigationType={state.action} navigator={navigation.navigator}>
        {render(state.page)}
      </Router>
    </NavigationContext>
  );
}

const idle = () => () => undefined;

/** The navigation state (null in the prerender, where nothing navigates). */
function useNavigationState<T>(pick: (state: NavigationState<unknown>) => T, fallback: T): T {
  const navigation = use(NavigationContext);
  return useSyncExternalStore(
    navigation?.subscribe ?? idle,
    () => (navigation ? pick(navigation.getState()) : fallback),
    () => fallback,
  );
}

/** A navigation is being prepared (its guard or its page's code). */
export function usePendingNavigation(): boolean {
  return useNavigationState((state) => state.pending, false);
}

/** Runs the route guard again where the visitor is. */
export function useRevalidate(): () => void {
  const navigation = use(NavigationContext);
  return () => navigation?.revalidate();
}

export interface LeaveGuard {
  /** A navigation to another page waits for the visitor's answer. */
  held: boolean;
  leave: () => void;
  stay: () => void;
}

/** While `active`, a navigation to another page waits until the visitor leaves or stays. */
export function useLeaveCheck(active: boolean): LeaveGuard {
  const navigation = use(NavigationContext);
  const { pathname } = useLocation();
  const held = useNavigationState((state) => state.held, false);
  useEffect(() => {
    if (!navigation || !active) return;
    navigation.setLeaveCheck((next) => next.pathname !== pathname);
    return () => navigation.setLeaveCheck(null);
  }, [navigation, active, pathname]);
  return { held, leave: () => navigation?.leave(), stay: () => navigation?.stay() };
}
