import { useTranslation } from '../../../shared/i18n/use-translation';
import { publicConfig } from '../../../shared/config/public-config';
import { ItemSection, PageHero } from '../components/page-sections';
import '../components/marketing-page.css';

const CULTURE = ['players', 'safety', 'play'] as const;
const WELFARE = ['growth', 'health', 'flex', 'team'] as const;

/** About us (spec section 2, "Other"): intro, corporate culture, welfare, contact. */
export function AboutPage() {
  const { t } = useTranslation();
  const { contact, service } = publicConfig.supportEmails;
  return (
    <article className="mk-page mk-page--about">
      <PageHero title={t('route.about')} lead={t('about.intro.body')} art="team" />
      <section className="mk-section" aria-labelledby="about-mission">
        <h2 id="about-mission">{t('about.intro.title')}</h2>
        <p>{t('about.intro.more')}</p>
      </section>
      <ItemSection kind="cards" headingId="about-culture" heading={t('about.culture.title')} labelPrefix="about.culture" items={CULTURE} />
      <ItemSection kind="cards" headingId="about-welfare" heading={t('about.welfare.title')} labelPrefix="about.welfare" items={WELFARE} />
      <section className="mk-section mk-note" aria-labelledby="about-contact">
        <h2 id="about-contact">{t('about.contact.title')}</h2>
        <p>{t('about.contact.body')}</p>
        <dl className="mk-contact">
          <dt>{t('about.contact.business')}</dt>
          <dd>
            <a href={`mailto:${contact}`}>{contact}</a>
          </dd>
          <dt>{t('about.contact.service')}</dt>
          <dd>
            <a href={`mailto:${service}`}>{service}</a>
          </dd>
        </dl>
      </section>
    </article>
  );
}
