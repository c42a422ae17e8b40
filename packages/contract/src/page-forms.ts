import type { ErrorParams } from './app-error';
import type { Redemption } from './endpoints/gift-codes';
import type { OrderInquiry, RechargeAccount } from './endpoints/recharge';
import { UID_MAX } from './integers';
import type { LanguageCode } from './language-codes';
import { LANGUAGE_QUERY } from './prerender';
import { rechargePaths, sitePaths } from './site-paths';

/**
 * Forms that work without scripts (issue 27, decision 0144): where one form is the whole task and
 * no account is needed, the prerendered form is a real form (`method="post"`, an action on its own
 * page, named fields), and the server answers the post with the page rendered again showing the
 * outcome. With scripts the app handles the same forms itself and the browser never posts them.
 * The rules below are the ones the app applies before it calls the API, so both ways answer alike.
 */

/** The hidden field that names which form of a page was sent. */
export const PAGE_FORM_FIELD = 'form';

export type PageFormName = 'account-check' | 'gift-code' | 'order-lookup';

/**
 * The pages that answer a plain form post. The top-up screen's forms post to `/recharge`, the top-up
 * page of every build variant (the prerendered one).
 */
export const FORM_PAGES = { exchange: sitePaths.exchange, topUp: rechargePaths('production').newPage } as const;

/** The forms each of those pages holds. */
export const PAGE_FORMS: Readonly<Record<string, readonly PageFormName[]>> = {
  [FORM_PAGES.exchange]: ['account-check', 'gift-code'],
  [FORM_PAGES.topUp]: ['account-check', 'order-lookup'],
};

/** Where a page's forms go: the page itself, in the language it is shown in. */
export function pageFormAction(page: string, lang: LanguageCode): string {
  return `${page}?${LANGUAGE_QUERY}=${encodeURIComponent(lang)}`;
}

/** The id of the page's embedded answer (JSON, never run), which the app starts from. */
export const PAGE_FORM_ANSWER_ID = 'page-form-answer';

/** The longest value of each field the forms send (their inputs' `maxLength`; longer posts are cut). */
export const PAGE_FORM_FIELD_MAX = { uid: 32, code: 64, orderNo: 64 } as const;

/** Digits only, as the app shows it: answers the label key of what is wrong, or null. */
export function accountIdProblem(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return 'recharge.userInput.tips';
  if (!/^[0-9]{1,15}$/.test(trimmed)) return 'recharge.userInput.digits';
  return null;
}

/** Whether a well-formed account ID is one the API takes (1 to UID_MAX); it answers 40000 otherwise. */
export function accountIdInRange(uid: number): boolean {
  return Number.isSafeInteger(uid) && uid >= 1 && uid <= UID_MAX;
}

/** A gift pack code as it is compared: spaces around a pasted code are not part of it, case is. */
export function giftCodeOf(value: string): string {
  return value.trim();
}

/** An empty code asks for one (its placeholder's words); answers the label key, or null. */
export function giftCodeProblem(value: string): string | null {
  return giftCodeOf(value) ? null : 'exchange.input.code';
}

/** What a code sent before the account ID was verified is answered with (the label key). */
export const VERIFY_ACCOUNT_FIRST = 'exchange.verifyFirst';

/** The public order number: letters upper-cased, spaces around it dropped. */
export function orderNoOf(value: string): string {
  return value.trim().toUpperCase();
}

const ORDER_NO = /^[A-Z0-9-]{8,40}$/;

/** An order number not in the form of one (as `orderNoOf` makes it); answers the label key, or null. */
export function orderNoProblem(value: string): string | null {
  return ORDER_NO.test(orderNoOf(value)) ? null : 'recharge.lookup.format';
}

/**
 * Why a form was not carried out: a rule of the form (a label key) or the code the service
 * answered (its `error.<code>` label, with the code's parameters).
 */
export type PageFormProblem = { label: string } | { code: number; params?: ErrorParams };

/** What an order lookup shows: the order inquiry's number, contents, state and date, never its checkout link. */
export type LookedUpOrder = Pick<OrderInquiry, 'orderNo' | 'contents' | 'status' | 'createdAt'>;

/**
 * The server's answer to a posted form, embedded in the page it renders: what was typed (so the
 * fields keep it), and the outcome. The page renders it, and the app, should it start on that page,
 * starts from it.
 */
export type PageFormAnswer =
  | {
      form: 'account-check';
      /** `code`: a gift code typed on the exchange page before the account was checked, kept. */
      values: { uid: string; code?: string };
      account?: RechargeAccount;
      problem?: PageFormProblem;
    }
  | {
      form: 'gift-code';
      values: { uid: string; code: string };
      /** The account the code was redeemed for, once checked (the exchange page shows it). */
      account?: RechargeAccount;
      granted?: Redemption;
      problem?: PageFormProblem;
    }
  | {
      form: 'order-lookup';
      values: { orderNo: string };
      order?: LookedUpOrder;
      problem?: PageFormProblem;
    };
