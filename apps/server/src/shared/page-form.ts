import type { PageFormAnswer, PageFormName } from '@vsp/contract/page-forms';
import type { RouteLimit } from './route-limit';

/** The fields of a posted page form, as text (decision 0144). */
export type PageFormFields = Readonly<Record<string, string>>;

/** A form's answer and the HTTP status the page is sent with. */
export interface PageFormReply {
  answer: PageFormAnswer;
  status: number;
  /** For a 429: the seconds until the limit lets the visitor try again. */
  retryAfter?: number;
  /** What made a 500 answer, for the log (the visitor reads the catalogue's words only). */
  failure?: unknown;
}

/**
 * One form of a public page that works without scripts (decision 0144): a module provides it, the
 * website plugin answers its posts with the page rendered again. `limits` are the operation's own
 * counters (those of its API route), counted on every post before `answer` reads anything;
 * `passLimits` counts them, and `answer` calls it first.
 */
export interface PageFormHandler {
  form: PageFormName;
  limits: readonly RouteLimit[];
  answer(fields: PageFormFields, passLimits: () => Promise<void>): Promise<PageFormReply>;
}
