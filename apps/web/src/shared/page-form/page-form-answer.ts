import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { PAGE_FORM_ANSWER_ID, type PageFormAnswer, type PageFormName, type PageFormProblem } from '@vsp/contract/page-forms';
import { useTranslation } from '../i18n/use-translation';
import { codeMessage } from '../http/error-message';

/**
 * The server's answer to a form posted without scripts (decision 0144). The server renders the page
 * with it (through the prerender's `renderPage`, which sets `current` for that one render) and
 * embeds it in the page as JSON, so that the app, should it start on that page, renders the same
 * first state and hydrates the server's HTML as it is.
 */
export const pageFormAnswerPrerender: { current: PageFormAnswer | null } = { current: null };

let embedded: PageFormAnswer | null | undefined;

/** The answer the page came with (read once; none on a page the server did not answer a form with). */
function embeddedAnswer(): PageFormAnswer | null {
  if (embedded === undefined) {
    embedded = null;
    const json = document.getElementById(PAGE_FORM_ANSWER_ID)?.textContent;
    try {
      const parsed: unknown = json ? JSON.parse(json) : null;
      if (parsed && typeof parsed === 'object' && typeof (parsed as { form?: unknown }).form === 'string') embedded = parsed as PageFormAnswer;
    } catch {
      /* not an answer: the page starts empty */
    }
  }
  return embedded;
}

/**
 * The answer to `form` that this page was rendered with, for the first state of the form's
 * component; null otherwise. It belongs to the document the server sent: a page the app navigates
 * to later (another history entry) starts empty.
 */
export function usePageFormAnswer<F extends PageFormName>(form: F): Extract<PageFormAnswer, { form: F }> | null {
  const { key } = useLocation();
  const answer = typeof document === 'undefined' ? pageFormAnswerPrerender.current : embeddedAnswer();
  if (!answer || answer.form !== form || key !== 'default') return null;
  return answer as Extract<PageFormAnswer, { form: F }>;
}

/** The text of an answer's problem, worded as the app words the same problem (`errorMessage`). */
export function useProblemText(): (problem: PageFormProblem) => string {
  const { t } = useTranslation();
  return useCallback((problem: PageFormProblem) => ('label' in problem ? t(problem.label) : (codeMessage(problem.code, (key) => t(key), problem.params) ?? 'Error')), [t]);
}
