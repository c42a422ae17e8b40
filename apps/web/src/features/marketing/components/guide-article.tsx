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

export interface SectionItem {
  key: string;
  title: string;
  body: string;
}

/** A headed section of numbered steps or of cards, each item a title and a paragraph. */
export function ItemSection(props: { kind: 'steps' | 'cards'; headingId: string; heading: string; headingLevel?: 2 | 3; items: readonly SectionItem[] }) {
  const { kind, headingId, heading, headingLevel = 2, items } = props;
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Item = headingLevel === 2 ? 'h3' : 'h4';
  const List = kind === 'steps' ? 'ol' : 'ul';
  return (
    <section className="mk-section" aria-labelledby={headingId}>
      <H id={headingId}>{heading}</H>
      <List className={kind === 'steps' ? 'mk-steps' : 'mk-cards'}>
        {items.map((item) => (
          <li key={item.key} className={kind === 'steps' ? 'mk-step' : 'mk-card'}>
            <Item>{item.title}</Item>
            <p>{item.body}</p>
          </li>
        ))}
      </List>
    </section>
  );
}

/** Steps, cards and notes of a guide page, in that order. */
export function GuideSections({ content, headingLevel = 2 }: { content: GuidePageContent; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const k = (suffix: string) => `guide.${content.id}.${suffix}`;
  const H = headingLevel === 2 ? 'h2' : 'h3';
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
            headingLevel={headingLevel}
            items={items.map((item) => ({ key: item, title: t(k(`${item}.title`)), body: t(k(`${item}.body`)) }))}
          />
        );
      })}
      {content.notes?.map((note) => (
        <section key={note} className="mk-section mk-note" aria-labelledby={k(`${note}.title`)}>
          <H id={k(`${note}.title`)}>{t(k(`${note}.title`))}</H>
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
