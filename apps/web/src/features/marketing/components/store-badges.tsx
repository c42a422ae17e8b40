import { useTranslation } from 'react-i18next';
import './store-badges.css';

/** The app's store pages; the download feature owns the real links per OS and site variant. */
const STORE_LINKS = {
  ios: 'https://apps.apple.com/app/avatar-party/id6450000000',
  android: 'https://play.google.com/store/apps/details?id=app.avatarparty',
} as const;

/** A plain link pair to the two stores, until the download feature's badges take this place. */
export function StoreBadges() {
  const { t } = useTranslation();
  return (
    <div className="store-badges">
      <a className="store-badge" href={STORE_LINKS.ios} rel="noopener" target="_blank">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.6-1-2.6-3.9zM14 5.4c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z"
          />
        </svg>
        <span>
          <small>{t('home.badge.ios')}</small>
          <strong>App Store</strong>
        </span>
      </a>
      <a className="store-badge" href={STORE_LINKS.android} rel="noopener" target="_blank">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path fill="#34d399" d="M4 2.5v19l10-9.5z" />
          <path fill="#60a5fa" d="M14 12l3.2 3.1L5 22c-.4.1-.7 0-1-.5z" />
          <path fill="#fbbf24" d="M14 12l3.2-3.1L5 2c-.4-.1-.7 0-1 .5z" />
          <path fill="#f87171" d="M17.2 8.9L21 11c.7.5.7 1.5 0 2l-3.8 2.1L14 12z" />
        </svg>
        <span>
          <small>{t('home.badge.android')}</small>
          <strong>Google Play</strong>
        </span>
      </a>
    </div>
  );
}
