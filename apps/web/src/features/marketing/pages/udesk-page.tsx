import { useTranslation } from 'react-i18next';
import { SERVICE_MAILBOX } from '@vsp/contract/constants';
import { ContactForm } from '../components/contact-form';
import { PageHero } from '../components/guide-article';
import '../components/marketing-page.css';

/** Customer service (/udesk): the 24-hour mailbox, quick answers, and the contact form. */
export function UdeskPage() {
  const { t } = useTranslation();
  return (
    <article className="mk-page mk-page--udesk">
      <PageHero title={t('route.udesk')} lead={t('udesk.lead')} art="support" />
      <section className="mk-section mk-note" aria-labelledby="udesk-mailbox">
        <h2 id="udesk-mailbox">{t('udesk.mailbox.title')}</h2>
        <p>{t('udesk.mailbox.body')}</p>
        <p className="udesk-mailbox">
          <a href={`mailto:${SERVICE_MAILBOX}`} data-testid="service-mailbox">
            {SERVICE_MAILBOX}
          </a>
        </p>
      </section>
      <section className="mk-section" aria-labelledby="udesk-form">
        <h2 id="udesk-form">{t('udesk.form.title')}</h2>
        <p className="udesk-form-intro">{t('udesk.form.intro')}</p>
        <ContactForm />
      </section>
    </article>
  );
}
