import { flushSync } from 'react-dom';
import { useTranslation } from '../i18n/use-translation';
import './button.css';
import './pager.css';

export interface PagerProps {
  /** The navigation's accessible name: what it pages ("Pages of songs"). */
  label: string;
  /** The page shown, from 1, and how many there are (`usePagedList` gives both). */
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/**
 * The website's one pager, under a paged list: the previous and next pages around the position,
 * which screen readers hear when it changes. Nothing shows while there is one page. The buttons
 * follow the reading direction (in Arabic the previous page is on the right, its arrow mirrored).
 */
export function Pager({ label, page, pages, onPage }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;

  // A button that reaches the end is disabled under the keyboard's focus, which would fall back to
  // the top of the page: once the new page has rendered, the focus moves to the other button.
  const go = (button: HTMLButtonElement, to: number) => {
    const focused = button === document.activeElement;
    flushSync(() => onPage(to));
    if (focused && button.disabled) button.parentElement?.querySelector<HTMLButtonElement>('button:enabled')?.focus();
  };

  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button--ghost pager__button" disabled={page <= 1} onClick={(event) => go(event.currentTarget, page - 1)}>
        <span className="pager__arrow" aria-hidden="true">
          ‹
        </span>
        {t('common.pager.previous')}
      </button>
      <span className="pager__position" aria-live="polite" aria-atomic="true">
        {t('common.pager.page', { page, pages })}
      </span>
      <button type="button" className="button button--ghost pager__button" disabled={page >= pages} onClick={(event) => go(event.currentTarget, page + 1)}>
        {t('common.pager.next')}
        <span className="pager__arrow" aria-hidden="true">
          ›
        </span>
      </button>
    </nav>
  );
}
