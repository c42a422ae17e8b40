import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLanguageCode, useTranslation } from '../../../shared/i18n/use-translation';
import { LANGUAGE_PICKER_Z_INDEX } from '../../../shared/ui/layout';
import { SELECTOR_LANGUAGES, languageEntry, type LanguageCode } from '@vsp/contract/languages';
import { useToast } from '../../../shared/ui/toast';
import { htmlLang, switchLanguage } from '../i18n';
import './language-switcher.css';

/**
 * The language picker: a button that opens a listbox of the first eleven languages, each written
 * in its own script. Keyboard: arrows, Home and End move, Enter or Space choose, Escape and Tab
 * close. The choice applies without a reload; a failed download keeps the current language.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const toast = useToast();
  const current = useLanguageCode();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [pending, setPending] = useState<LanguageCode | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const optionId = (index: number) => `${id}-option-${index}`;

  // Focus moves to the list in the commit that opens it, before the browser hands over the next key
  // (a fast typist's keys must not land on the button and start over).
  useLayoutEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const openList = () => {
    setActive(Math.max(0, SELECTOR_LANGUAGES.findIndex((l) => l.value === current)));
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choose = async (lang: LanguageCode) => {
    close();
    if (lang === current) return;
    setPending(lang);
    try {
      await switchLanguage(lang);
    } catch {
      toast.show(t('language.switch_failed'), 'error');
    } finally {
      setPending(null);
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    // Open already (focus is on its way to the list): the key moves in the list.
    if (open) onListKeyDown(event);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const last = SELECTOR_LANGUAGES.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(last, active + 1), ArrowUp: Math.max(0, active - 1), Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void choose(SELECTOR_LANGUAGES[active]!.value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  useEffect(() => {
    if (open) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  return (
    <div className="language-switcher" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="language-switcher__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-label={`${t('language.switcher')}: ${languageEntry(current).label}`}
        aria-busy={pending !== null}
        disabled={pending !== null}
        onClick={() => (open ? close() : openList())}
        onKeyDown={onButtonKeyDown}
        data-testid="language-switcher"
      >
        <svg className="language-switcher__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.4 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
        </svg>
        <span className="language-switcher__label" lang={htmlLang(current)}>
          {languageEntry(pending ?? current).label}
        </span>
        {pending ? <span className="language-switcher__spinner" aria-hidden="true" /> : <span className="language-switcher__caret" aria-hidden="true" />}
      </button>
      {open && (
        <ul
          ref={listRef}
          id={`${id}-list`}
          className="language-switcher__list"
          role="listbox"
          tabIndex={0}
          aria-label={t('language.switcher')}
          aria-activedescendant={optionId(active)}
          onKeyDown={onListKeyDown}
          style={{ zIndex: LANGUAGE_PICKER_Z_INDEX }}
        >
          {SELECTOR_LANGUAGES.map((language, index) => (
            <li
              key={language.value}
              id={optionId(index)}
              role="option"
              lang={htmlLang(language.value)}
              aria-selected={language.value === current}
              className={`language-switcher__option${index === active ? ' is-active' : ''}`}
              onPointerMove={() => setActive(index)}
              onClick={() => void choose(language.value)}
            >
              {language.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
