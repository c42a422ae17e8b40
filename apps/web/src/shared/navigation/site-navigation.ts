import { NavigationType, UNSAFE_createBrowserHistory as createBrowserHistory, createPath, parsePath, type Location, type Navigator, type Path, type To } from 'react-router';

/**
 * The website's navigations (decision 0177): React Router's declarative `<Router>` shows what this
 * controller commits. A navigation first asks `prepare` (the route guard and the page's code, side by
 * side); the address and the page change together once it answers, so a guarded page never shows and
 * the page the visitor leaves stays on screen meanwhile (with the navigation progress). A newer
 * navigation wins over one still being prepared. A page holding unsaved work can hold a navigation
 * until the visitor answers (`setLeaveCheck`), the back and forward buttons included.
 */

/** What a navigation leads to: another address (the guard's redirect), or the page to show. */
export type Prepared<P> = { redirect: string } | { page: P };

export interface NavigationState<P> {
  /** The address whose page is shown. */
  location: Location;
  action: NavigationType;
  /** The page shown; null until the first one is ready. */
  page: P | null;
  /** A navigation is being prepared. */
  pending: boolean;
  /** A navigation waits for the visitor's answer to the leave check. */
  held: boolean;
}

export interface NavigationDeps<P> {
  /** Run for every navigation, the first included (`initial`); it never rejects. */
  prepare(path: Path, initial: boolean): Promise<Prepared<P>>;
  /** Told of each address right before its page is shown. */
  onShow?(location: Location): void;
}

/** How a navigation changes the address once its page is ready. */
type Commit = 'push' | 'replace' | 'none';

export class SiteNavigation<P> {
  private readonly history = createBrowserHistory();
  private state: NavigationState<P>;
  private readonly listeners = new Set<() => void>();
  /** The latest navigation; an older one that finishes later is dropped. */
  private latest = 0;
  private leaveCheck: ((next: Path) => boolean) | null = null;
  private heldNavigation: (() => void) | null = null;
  /** Pops this controller caused itself: a held back/forward put back, or let through. */
  private ownPop: 'revert' | 'pass' | null = null;

  constructor(private readonly deps: NavigationDeps<P>) {
    this.state = { location: this.history.location, action: NavigationType.Pop, page: null, pending: true, held: false };
    this.history.listen(({ location, delta }) => this.popped(location, delta));
  }

  /** What `<Router>` and its links and hooks navigate with. */
  readonly navigator: Navigator = {
    createHref: (to) => this.history.createHref(to),
    encodeLocation: (to) => this.history.encodeLocation(to),
    go: (delta) => this.history.go(delta),
    push: (to, state) => this.request(to, 'push', state),
    replace: (to, state) => this.request(to, 'replace', state),
  };

  readonly getState = (): NavigationState<P> => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Prepares the address's own page; true when it is shown as it is (no redirect). */
  start(): Promise<boolean> {
    return this.navigate(this.history.location, 'none', undefined, true);
  }

  /** Runs the guard again where the visitor is (after a logout). */
  revalidate(): void {
    void this.navigate(this.state.location, 'none', this.state.location.state);
  }

  /** While set, a navigation to another page for which `check` says so waits for `leave` or `stay`. */
  setLeaveCheck(check: ((next: Path) => boolean) | null): void {
    this.leaveCheck = check;
    if (!check && this.state.held) this.stay();
  }

  /** The visitor leaves: the held navigation goes ahead. */
  leave(): void {
    const go = this.heldNavigation;
    this.heldNavigation = null;
    this.set({ held: false });
    go?.();
  }

  /** The visitor stays: the held navigation is dropped. */
  stay(): void {
    this.heldNavigation = null;
    this.set({ held: false });
  }

  private set(change: Partial<NavigationState<P>>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  private held(next: Path, go: () => void): boolean {
    if (!this.leaveCheck?.(next)) return false;
    this.heldNavigation = go;
    this.set({ held: true });
    return true;
  }

  private request(to: To, commit: Commit, state: unknown) {
    const next = this.pathOf(to);
    const go = () => void this.navigate(next, commit, state);
    if (!this.held(next, go)) go();
  }

  /** The back or forward button moved the address already. */
  private popped(location: Location, delta: number | null) {
    const own = this.ownPop;
    this.ownPop = null;
    if (own === 'revert') return;
    if (own !== 'pass' && delta !== null && this.leaveCheck?.(location)) {
      // Put the address back while the visitor decides; leaving moves it again.
      this.ownPop = 'revert';
      this.history.go(-delta);
      this.held(location, () => {
        this.ownPop = 'pass';
        this.history.go(delta);
      });
      return;
    }
    void this.navigate(location, 'none', location.state);
  }

  private pathOf(to: To): Path {
    const path = typeof to === 'string' ? parsePath(to) : to;
    return { pathname: path.pathname ?? this.state.location.pathname, search: path.search ?? '', hash: path.hash ?? '' };
  }

  private async navigate(path: Path, commit: Commit, state: unknown, initial = false): Promise<boolean> {
    const ticket = ++this.latest;
    const shown = this.state.location;
    // A link to a fragment of the page shown moves the address only.
    if (!initial && path.hash !== '' && path.pathname === shown.pathname && path.search === shown.search) {
      this.show(path, commit, state, this.state.page);
      return true;
    }
    this.set({ pending: true });
    const prepared = await this.deps.prepare(path, initial);
    if (ticket !== this.latest) return false;
    if ('redirect' in prepared) {
      // The redirect takes the navigation's place: a followed link's new entry, else the current one.
      void this.navigate(this.pathOf(prepared.redirect), commit === 'push' ? 'push' : 'replace', undefined);
      return false;
    }
    this.show(path, commit, state, prepared.page);
    return true;
  }

  private show(path: Path, commit: Commit, state: unknown, page: P | null) {
    if (commit === 'push') this.history.push(createPath(path), state);
    else if (commit === 'replace') this.history.replace(createPath(path), state);
    const location = this.history.location;
    this.deps.onShow?.(location);
    const action = commit === 'push' ? NavigationType.Push : commit === 'replace' ? NavigationType.Replace : NavigationType.Pop;
    this.set({ location, action, page, pending: false });
  }
}
