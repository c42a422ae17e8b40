import { describe, expect, it } from 'vitest';
import { LABELS } from '@vsp/labels';
import { GUIDE_PAGES, type GuidePageContent } from './guide-pages';
import { HOME_SLIDES } from './home-slides';

const keys = new Set(LABELS.map((entry) => entry.key));

describe('every label the marketing pages ask for exists', () => {
  it.each(Object.values(GUIDE_PAGES) as GuidePageContent[])('guide page $id', (page) => {
    const k = (suffix: string) => `guide.${page.id}.${suffix}`;
    const wanted = [page.titleKey, k('lead')];
    if (page.steps) wanted.push(k('steps_title'), ...page.steps.flatMap((s) => [k(`${s}.title`), k(`${s}.body`)]));
    if (page.cards) wanted.push(k('cards_title'), ...page.cards.flatMap((c) => [k(`${c}.title`), k(`${c}.body`)]));
    if (page.notes) wanted.push(...page.notes.flatMap((n) => [k(`${n}.title`), k(`${n}.body`)]));
    if (page.action) wanted.push(page.action.labelKey);
    expect(wanted.filter((key) => !keys.has(key))).toEqual([]);
  });

  it('home slides: at least six, each with a title, a text and its link label', () => {
    expect(HOME_SLIDES.length).toBeGreaterThanOrEqual(6);
    const wanted = HOME_SLIDES.flatMap((slide) => [`home.slide.${slide.id}.title`, `home.slide.${slide.id}.text`, ...(slide.more ? [slide.more.labelKey] : [])]);
    expect(wanted.filter((key) => !keys.has(key))).toEqual([]);
  });
});
