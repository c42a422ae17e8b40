import { useTranslation } from '../../../shared/i18n/use-translation';
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
