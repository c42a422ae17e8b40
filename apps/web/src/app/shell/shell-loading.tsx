import { useTranslation } from '../../shared/i18n/use-translation';

/** Shown while a page's code loads: the first (before the shell can render) and each next one. */
export function ShellLoading() {
  const { t } = useTranslation();
  return <div className="nav-progress" role="progressbar" aria-label={t('common.loading')} />;
}
