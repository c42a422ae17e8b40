import { useTranslation } from 'react-i18next';
import { CONTACT_MAILBOX, SERVICE_MAILBOX } from '@vsp/contract/constants';
import { PageHero } from '../components/guide-article';
import '../components/marketing-page.css';

const CULTURE = ['players', 'safety', 'play'] as const;
const WELFARE = ['growth', 'health', 'flex', 'team'] as const;

/** About us (spec section 2, "Other"): intro, corporate culture, welfare, contact. */
export function AboutPage() {
  const { t } = useTranslation();
  return (
    <article className="mk-page mk-page--about">
      <PageHero title={t('route.about')} lead={t('about.intro.body')} art="team" />
      <section className="mk-section" aria-labelledby="about-mission">
        <h2 id="about-mission">{t('about.intro.title')}</h2>
        <p>{t('about.intro.more')}</p>
      </section>
      <section className="mk-section" aria-labelledby="about-culture">
        <h2 id="about-culture">{t('about.culture.title')}</h2>
        <ul className="mk-cards">
          {CULTURE.map((value) => (
            <li key={value} className="mk-card">
              <h3>{t(`about.culture.${value}.title`)}</h3>
              <p>{t(`about.culture.${value}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="mk-section" aria-labelledby="about-welfare">
        <h2 id="about-welfare">{t('about.welfare.title')}</h2>
        <ul className="mk-cards">
          {WELFARE.map((benefit) => (
            <li key={benefit} className="mk-card">
              <h3>{t(`about.welfare.${benefit}.title`)}</h3>
              <p>{t(`about.welfare.${benefit}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="mk-section mk-note" aria-labelledby="about-contact">
        <h2 id="about-contact">{t('about.contact.title')}</h2>
        <p>{t('about.contact.body')}</p>
        <dl className="mk-contact">
          <dt>{t('about.contact.business')}</dt>
          <dd>
            <a href={`mailto:${CONTACT_MAILBOX}`}>{CONTACT_MAILBOX}</a>
          </dd>
          <dt>{t('about.contact.service')}</dt>
          <dd>
            <a href={`mailto:${SERVICE_MAILBOX}`}>{SERVICE_MAILBOX}</a>
          </dd>
        </dl>
      </section>
    </article>
  );
}
