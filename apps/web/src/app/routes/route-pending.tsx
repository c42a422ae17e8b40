/** What shows while the first navigation's guard and page load (before the shell renders). */
export function RoutePending() {
  return <div className="app-shell" aria-busy="true" />;
}
