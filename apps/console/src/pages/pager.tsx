import { TEXTS } from '../texts';

/**
 * The console's one pager, under a paged table: the previous and next pages around the position,
 * which a screen reader hears when it changes. It shows at one page too: the position also counts
 * the entries. At an end a button says it is unavailable (`aria-disabled`) but keeps the keyboard's
 * focus, which a disabled button would drop to the top of the page.
 */
export function Pager({ label, page, pages, total, onPage }: { label: string; page: number; pages: number; total: number; onPage: (page: number) => void }) {
  const t = TEXTS.pager;
  const step = (to: number, text: string) => {
    const unavailable = to < 1 || to > pages;
    return (
      <button type="button" aria-disabled={unavailable} onClick={() => unavailable || onPage(to)}>
        {text}
      </button>
    );
  };
  return (
    <nav className="row" aria-label={label}>
      {step(page - 1, t.previous)}
      <span role="status">{t.position(page, pages, total)}</span>
      {step(page + 1, t.next)}
    </nav>
  );
}
