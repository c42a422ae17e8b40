import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link } from 'react-router';
import type { GuidePageContent } from '../content/guide-pages';
import { Artwork } from './artwork';
import './marketing-page.css';

/** The hero of a marketing page: heading, lead and the page's illustration. */
export function PageHero({ title, lead, art }: { title: string; lead: string; art: GuidePageContent['art'] }) {
  return (
    <header className="mk-hero">
      <div className="mk-hero__copy">
        <h1>{title}</h1>
        <p className="mk-hero__lead">{lead}</p>
      </div>
      <div className="mk-hero__art">
        <Artwork name={art} />
      </div>
    </header>
  );
}

/** A headed section of numbered steps or of cards, each item a title and a paragraph (labels `<labelPrefix>.<item>.title` and `.body`). */
export function ItemSection(props: { kind: 'steps' | 'cards'; headingId: string; heading: string; labelPrefix: string; items: readonly string[] }) {
  const { kind, headingId, heading, labelPrefix, items } = props;
  const { t } = useTranslation();
  const List = kind === 'steps' ? 'ol' : 'ul';
  return (
    <section className="mk-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <List className={kind === 'steps' ? 'mk-steps' : 'mk-cards'}>
        {items.map((item) => (
          <li key={item} className={kind === 'steps' ? 'mk-step' : 'mk-card'}>
            <h3>{t(`${labelPrefix}.${item}.title`)}</h3>
            <p>{t(`${labelPrefix}.${item}.body`)}</p>
          </li>
        ))}
      </List>
    </section>
  );
}

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
