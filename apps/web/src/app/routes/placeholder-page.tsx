import { useTranslation } from '../../shared/i18n/use-translation';
import { useMatches } from 'react-router';
import type { RouteMeta } from '../route-meta';

/** A titled page for routes whose content arrives with later work. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const meta = useMatches().at(-1)?.handle as RouteMeta | undefined;
  return (
    <section className="page">
      <h1>{meta ? t(meta.titleKey) : ''}</h1>
    </section>
  );
}
