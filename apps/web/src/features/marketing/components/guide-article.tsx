import { useTranslation } from 'react-i18next';
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

/** Steps, cards and notes of a guide page, in that order. */
export function GuideSections({ content, headingLevel = 2 }: { content: GuidePageContent; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const k = (suffix: string) => `guide.${content.id}.${suffix}`;
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Item = headingLevel === 2 ? 'h3' : 'h4';
  const order = content.cardsFirst ? (['cards', 'steps'] as const) : (['steps', 'cards'] as const);
  return (
    <>
      {order.map((block) =>
        block === 'steps' && content.steps ? (
          <section key="steps" className="mk-section" aria-labelledby={k('steps_title')}>
            <H id={k('steps_title')}>{t(k('steps_title'))}</H>
            <ol className="mk-steps">
              {content.steps.map((step) => (
                <li key={step} className="mk-step">
                  <Item>{t(k(`${step}.title`))}</Item>
                  <p>{t(k(`${step}.body`))}</p>
                </li>
              ))}
            </ol>
          </section>
        ) : block === 'cards' && content.cards ? (
          <section key="cards" className="mk-section" aria-labelledby={k('cards_title')}>
            <H id={k('cards_title')}>{t(k('cards_title'))}</H>
            <ul className="mk-cards">
              {content.cards.map((card) => (
                <li key={card} className="mk-card">
                  <Item>{t(k(`${card}.title`))}</Item>
                  <p>{t(k(`${card}.body`))}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
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
