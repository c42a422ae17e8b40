import { useTranslation } from '../../../shared/i18n/use-translation';
import { publicConfig } from '../../../shared/config/public-config';
import { ContactForm } from '../components/contact-form';
import { PageHero } from '../components/page-sections';
import '../components/marketing-page.css';

/** Customer service (/udesk): the 24-hour mailbox, quick answers, and the contact form. */
export function UdeskPage() {
  const { t } = useTranslation();
  const mailbox = publicConfig.supportEmails.service;
  return (
    <article className="mk-page mk-page--udesk">
      <PageHero title={t('route.udesk')} lead={t('udesk.lead')} art="support" />
      <section className="mk-section mk-note" aria-labelledby="udesk-mailbox">
        <h2 id="udesk-mailbox">{t('udesk.mailbox.title')}</h2>
        <p>{t('udesk.mailbox.body')}</p>
        <p className="udesk-mailbox">
          <a href={`mailto:${mailbox}`} data-testid="service-mailbox">
            {mailbox}
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
