import { useQuery } from '@tanstack/react-query';
import { useLanguageCode, useTranslation } from '../../../shared/i18n/use-translation';
import type { LanguageCode } from '@vsp/contract/languages';
import { publicConfig } from '../../../shared/config/public-config';
import { fillLegalText, legalKeys, loadLegalDocument, loadedLegalDocument, type LegalDocument, type LegalDocumentId } from '../legal/legal-document';
import '../components/marketing-page.css';
import './legal-page.css';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; document: LegalDocument; lang: LanguageCode };

const VALUES = { serviceMailbox: publicConfig.supportEmails.service, contactMailbox: publicConfig.supportEmails.contact };

/** A legal document page: the visitor's language when translated, else English with a notice. */
function LegalPage({ id }: { id: LegalDocumentId }) {
  const { t, i18n } = useTranslation();
  const lang = useLanguageCode();
  const query = useQuery({
    queryKey: legalKeys.document(id, lang),
    queryFn: () => loadLegalDocument(id, lang),
    // Loaded ahead of the first render (the prerender, the take-over of a prerendered page): shown at once.
    initialData: () => loadedLegalDocument(id, lang),
    // A document is part of the build: once loaded it does not change.
    staleTime: Infinity,
  });
  // A retry after a failure shows loading until it answers.
  let state: State;
  if (query.isError) state = query.isFetching ? { kind: 'loading' } : { kind: 'error' };
  else state = query.data ? { kind: 'ready', ...query.data } : { kind: 'loading' };

  if (state.kind === 'loading') {
    return (
      <article className="mk-page legal-page" aria-busy="true">
        <p className="legal-page__status" role="status">
          {t('legal.loading')}
        </p>
      </article>
    );
  }
  if (state.kind === 'error') {
    return (
      <article className="mk-page legal-page">
        <p className="legal-page__status" role="alert">
          {t('legal.load_failed')}
        </p>
        <button type="button" className="mk-button" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </article>
    );
  }

  const { document, lang: shownIn } = state;
  const fill = (text: string) => fillLegalText(text, VALUES);
  return (
    <article className="mk-page legal-page" lang={shownIn} dir={shownIn === 'ar' ? 'rtl' : 'ltr'} data-testid="legal-document">
      {shownIn !== lang && (
        <p className="legal-page__notice" lang={lang} dir={i18n.dir(lang)} role="note" data-testid="legal-english-notice">
          {t('legal.english_notice')}
        </p>
      )}
      <h1>{document.title}</h1>
      <p className="legal-page__updated">{document.updated}</p>
      {document.intro.map((paragraph) => (
        <p key={paragraph}>{fill(paragraph)}</p>
      ))}
      <nav className="legal-page__toc" aria-label={t('legal.contents')}>
        <ol>
          {document.sections.map((section, i) => (
            <li key={section.heading}>
              <a href={`#legal-${i + 1}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, i) => (
        <section key={section.heading} id={`legal-${i + 1}`} className="legal-page__section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{fill(paragraph)}</p>
          ))}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{fill(item)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}

export const PrivacyPage = () => <LegalPage id="privacy" />;
export const TermsPage = () => <LegalPage id="terms" />;
export const ChildrenPrivacyPage = () => <LegalPage id="children" />;
