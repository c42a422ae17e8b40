import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link } from 'react-router';
import { setHomeSlideIndex } from '../../../shared/app-state/home-slide-store';
import { HOME_SLIDES } from '../content/home-slides';
import { Artwork } from './artwork';
import './home-carousel.css';

/** One wheel gesture moves one slide; the rest of the gesture's events are ignored for this long. */
const WHEEL_LOCK_MS = 800;
const SWIPE_MIN_PX = 50;

function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * A full-screen carousel: wheel, swipe, keyboard (arrows, Page Up/Down, Home, End) and dot buttons
 * move between slides. Off-screen slides are inert, so that keyboard and screen-reader users meet
 * only the slide on screen. The current index feeds the shared store the header reads.
 */
/** `downloadBadges` is the download component the app layer passes in (features stay apart). */
export function HomeCarousel({ downloadBadges }: { downloadBadges: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [index, setIndex] = useState(0);
  const wheelLockedUntil = useRef(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const root = useRef<HTMLElement>(null);
  const last = HOME_SLIDES.length - 1;
  const rtl = i18n.dir() === 'rtl';

  const go = useCallback((next: number) => setIndex(Math.max(0, Math.min(last, next))), [last]);

  // The router resets the index to 0 on entering home and to empty on leaving; slides update it.
  useEffect(() => {
    setHomeSlideIndex(index);
  }, [index]);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (Math.abs(event.deltaY) < 4 || event.ctrlKey) return;
      event.preventDefault();
      const now = performance.now();
      if (now < wheelLockedUntil.current) return;
      wheelLockedUntil.current = now + WHEEL_LOCK_MS;
      setIndex((current) => Math.max(0, Math.min(last, current + (event.deltaY > 0 ? 1 : -1))));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [last]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const next = (current: number) => Math.min(last, current + 1);
      const previous = (current: number) => Math.max(0, current - 1);
      const moves: Record<string, (current: number) => number> = {
        ArrowDown: next,
        PageDown: next,
        [rtl ? 'ArrowLeft' : 'ArrowRight']: next,
        ArrowUp: previous,
        PageUp: previous,
        [rtl ? 'ArrowRight' : 'ArrowLeft']: previous,
        Home: () => 0,
        End: () => last,
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      setIndex(move);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last, rtl]);

  const onTouchEnd = (x: number, y: number) => {
    const start = touchStart.current;
    touchStart.current = null;
    if (!start) return;
    const dx = x - start.x;
    const dy = y - start.y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_MIN_PX) return;
    const forward = Math.abs(dy) >= Math.abs(dx) ? dy < 0 : rtl ? dx > 0 : dx < 0;
    go(index + (forward ? 1 : -1));
  };

  const onDotKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    // The dots are buttons: Enter and Space press them; arrows are handled for the whole page.
    if (event.key === ' ' || event.key === 'Enter') event.stopPropagation();
  };

  return (
    <section
      ref={root}
      className="home-carousel"
      aria-roledescription="carousel"
      aria-label={t('home.carousel.label')}
      data-slide={index}
      onTouchStart={(event) => {
        const touch = event.touches[0];
        if (touch) touchStart.current = { x: touch.clientX, y: touch.clientY };
      }}
      onTouchEnd={(event) => {
        const touch = event.changedTouches[0];
        if (touch) onTouchEnd(touch.clientX, touch.clientY);
      }}
    >
      <div className="home-carousel__track" style={{ transform: `translate3d(0, ${-index * 100}%, 0)` }} aria-live="polite">
        {HOME_SLIDES.map((slide, i) => {
          const current = i === index;
          const Heading = i === 0 ? 'h1' : 'h2';
          return (
            <div
              key={slide.id}
              className={`home-slide home-slide--${slide.id}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.carousel.slide_label', { n: i + 1, total: HOME_SLIDES.length, title: t(`home.slide.${slide.id}.title`) })}
              aria-hidden={!current}
              inert={!current}
              data-testid={`home-slide-${i}`}
              data-current={current}
            >
              <div className="home-slide__inner">
                <div className="home-slide__copy">
                  {i === 0 && <p className="home-slide__kicker">{t('site.name')}</p>}
                  <Heading className="home-slide__title">{t(`home.slide.${slide.id}.title`)}</Heading>
                  <p className="home-slide__text">{t(`home.slide.${slide.id}.text`)}</p>
                  {i === 0 && (
                    <div className="home-slide__download">
                      {downloadBadges}
                    </div>
                  )}
                  {slide.more && (
                    <Link className="home-slide__more" to={slide.more.to}>
                      {t(slide.more.labelKey)}
                    </Link>
                  )}
                </div>
                <div className="home-slide__art">
                  <Artwork name={slide.art} />
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <nav className="home-carousel__dots" aria-label={t('home.carousel.dots_label')}>
        {HOME_SLIDES.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            className="home-carousel__dot"
            aria-current={i === index ? 'true' : undefined}
            aria-label={t('home.carousel.go_to', { n: i + 1, title: t(`home.slide.${slide.id}.title`) })}
            onClick={() => go(i)}
            onKeyDown={onDotKey}
            data-testid={`home-dot-${i}`}
          />
        ))}
      </nav>
      {index < last && (
        <button type="button" className="home-carousel__next" aria-label={t('home.carousel.next')} onClick={() => go(index + 1)}>
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    </section>
  );
}
