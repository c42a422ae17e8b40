import { useTranslation } from '../../shared/i18n/use-translation';

/** Shown while the first page's code loads (before the shell can render). */
export function ShellLoading() {
  const { t } = useTranslation();
  return <div className="nav-progress" role="progressbar" aria-label={t('common.loading')} />;
}
