import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { DownloadButton } from '../../features/download/components/download-button';
import { LanguageSwitcher } from '../../features/i18n/components/language-switcher';
import { SiteFooter } from '../../features/shell/components/site-footer';
import { SiteHeader } from '../../features/shell/components/site-header';
import { isHeaderVisible } from '../../features/shell/header-rules';
import { publicConfig } from '../../shared/config/public-config';
import { useDevice } from '../../shared/device/device';

/* Drawn in the header's action area, between the download button and the menu toggle. */
const languageSwitcher: ReactNode = <LanguageSwitcher />;
const accountMenu: ReactNode = <AccountMenu />;

/** The header where spec section 2 shows it (per route, inside the app and in a browser). */
export function AppHeader() {
  const { pathname } = useLocation();
  const { inApp } = useDevice();
  if (!isHeaderVisible(pathname, inApp)) return null;
  return (
    <SiteHeader
      download={<DownloadButton source="header" responsive />}
      languageSwitcher={languageSwitcher}
      accountMenu={accountMenu}
    />
  );
}

export function AppFooter() {
  return <SiteFooter supportEmails={publicConfig.supportEmails} company={publicConfig.company} socialLinks={publicConfig.socialLinks} />;
}
