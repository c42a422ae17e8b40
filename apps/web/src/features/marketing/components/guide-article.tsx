import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link } from 'react-router';
import type { GuidePageContent } from '../content/guide-pages';
import { ItemSection, PageHero } from './page-sections';

/** Steps, cards and notes of a guide page, in that order. */
export function GuideSections({ content }: { content: GuidePageContent }) {
  const { t } = useTranslation();
  const k = (suffix: string) => `guide.${content.id}.${suffix}`;
  const order = content.cardsFirst ? (['cards', 'steps'] as const) : (['steps', 'cards'] as const);
  return (
    <>
      {order.map((block) => {
        const items = block === 'steps' ? content.steps : content.cards;
        if (!items) return null;
        return (
          <ItemSection
            key={block}
            kind={block}
            headingId={k(`${block}_title`)}
            heading={t(k(`${block}_title`))}
            labelPrefix={`guide.${content.id}`}
            items={items}
          />
        );
      })}
      {content.notes?.map((note) => (
        <section key={note} className="mk-section mk-note" aria-labelledby={k(`${note}.title`)}>
          <h2 id={k(`${note}.title`)}>{t(k(`${note}.title`))}</h2>
          <p>{t(k(`${note}.body`))}</p>
        </section>
      ))}
      {content.action && (
        <p className="mk-action">
          <Link className="mk-button" to={content.action.to}>
            {t(content.action.labelKey)}
          </Link>
        </p>
      )}
    </>
  );
}

/** A whole guide page: hero, then its sections. */
export function GuideArticle({ content }: { content: GuidePageContent }) {
  const { t } = useTranslation();
  return (
    <article className={`mk-page mk-page--${content.id}`}>
      <PageHero title={t(content.titleKey)} lead={t(`guide.${content.id}.lead`)} art={content.art} />
      <GuideSections content={content} />
    </article>
  );
}
