import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Link } from 'react-router';
import { sitePaths } from '@vsp/contract/site-paths';
import { SiteLogo } from './site-logo';
import { SocialIcon, type SocialNetwork } from './social-icons';
import '../../../shared/ui/visually-hidden.css';
import './site-footer.css';

export interface SiteFooterProps {
  supportEmails: { contact: string; service: string };
  company: { show: boolean; name: string; registrationNumber: string };
  socialLinks: Record<SocialNetwork, string>;
}

const NETWORKS: readonly SocialNetwork[] = ['photo', 'network', 'video', 'chat'];
const SLOT = '\u2063';

/** A translated sentence with a link in place of its `{email}` placeholder. */
function withEmailLink(text: string, email: string): ReactNode {
  return text.split(SLOT).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <a href={`mailto:${email}`} dir="ltr">
          {email}
        </a>
      ) : null}
      {part}
    </Fragment>
  ));
}

/**
 * The site footer of spec section 2: privacy and terms links, four social links (compact at
 * 825 px or less), the contact and customer-service mailboxes, and the company line when its flag
 * is on. Logical properties lay it out right to left in Arabic.
 */
export function SiteFooter({ supportEmails, company, socialLinks }: SiteFooterProps) {
  const { t } = useTranslation();
  const networks = NETWORKS.filter((network) => socialLinks[network]);
  const mailLines = [
    { key: 'footer.contact_email', email: supportEmails.contact },
    { key: 'footer.service_email', email: supportEmails.service },
  ].filter((line) => line.email);

  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <SiteLogo />
          <nav aria-label={t('footer.nav_label')}>
            <ul className="site-footer__links">
              <li>
                <Link to={sitePaths.privacy}>{t('route.priv')}</Link>
              </li>
              <li>
                <Link to={sitePaths.terms}>{t('footer.terms')}</Link>
              </li>
            </ul>
          </nav>
        </div>
        {networks.length > 0 ? (
          <div className="site-footer__social">
            <h2 className="site-footer__heading">{t('footer.follow_us')}</h2>
            <ul className="social-links" data-testid="social-links">
              {networks.map((network) => (
                <li key={network}>
                  <a href={socialLinks[network]} target="_blank" rel="noopener noreferrer" className="social-link" data-network={network}>
                    <SocialIcon network={network} />
                    <span className="social-link__name visually-hidden-narrow">{t(`footer.social.${network}`)}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {mailLines.length > 0 ? (
          <address className="site-footer__contact">
            {mailLines.map((line) => (
              <p key={line.key} data-testid={line.key}>
                {withEmailLink(t(line.key, { email: SLOT }), line.email)}
              </p>
            ))}
          </address>
        ) : null}
        {company.show && company.name ? (
          <p className="site-footer__company" data-testid="company-line">
            {company.registrationNumber ? t('footer.company', { name: company.name, number: company.registrationNumber }) : company.name}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
