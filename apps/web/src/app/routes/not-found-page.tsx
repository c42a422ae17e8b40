import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page" data-testid="not-found">
      <h1>{t('route.not_found')}</h1>
    </section>
  );
}
