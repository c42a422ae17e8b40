import { AppError, httpStatusOf } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import {
  PAGE_FORM_FIELD_MAX,
  VERIFY_ACCOUNT_FIRST,
  accountIdInRange,
  accountIdProblem,
  giftCodeOf,
  giftCodeProblem,
  orderNoOf,
  orderNoProblem,
  type PageFormAnswer,
} from '@vsp/contract/page-forms';
import type { PageFormFields, PageFormReply } from '../../shared/page-form';
import type { GiftCodesService } from '../gift-codes';
import type { RechargeService } from '../recharge';

export interface PageFormsDeps {
  accounts: Pick<RechargeService, 'account'>;
  orders: Pick<RechargeService, 'order'>;
  gifts: Pick<GiftCodesService, 'redeem'>;
}

/** A rule of the form itself was broken: the page shows the label, as the app does before calling. */
class FormRule extends Error {
  constructor(readonly label: string) {
    super(label);
  }
}

/** A posted field as the page shows it again: as typed, cut to its input's length. */
function typed(fields: PageFormFields, name: keyof typeof PAGE_FORM_FIELD_MAX): string {
  return (fields[name] ?? '').slice(0, PAGE_FORM_FIELD_MAX[name]);
}

/** The account ID of a field, by the app's rules and then the API's (40000 outside 1..UID_MAX). */
function accountIdOf(value: string): number {
  const problem = accountIdProblem(value);
  if (problem) throw new FormRule(problem);
  const uid = Number(value.trim());
  if (!accountIdInRange(uid)) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'uid', rule: 'maximum' }] });
  return uid;
}

/**
 * Runs a form's work on its answer (which the work fills in), and turns what went wrong into the
 * problem the page shows: a form rule (400), a catalogue error with its honest status (its
 * parameters kept: a 429 says when to try again), anything else the catalogue's 50000 (500).
 */
async function answered<A extends PageFormAnswer>(answer: A, work: (answer: A) => Promise<void>): Promise<PageFormReply> {
  try {
    await work(answer);
    return { answer, status: 200 };
  } catch (error) {
    if (error instanceof FormRule) return { answer: { ...answer, problem: { label: error.label } }, status: 400 };
    if (error instanceof AppError) {
      const seconds = error.code === Errors.TooManyAttempts ? Number(error.params?.seconds) : NaN;
      return {
        answer: { ...answer, problem: { code: error.code, ...(error.params ? { params: error.params } : {}) } },
        status: httpStatusOf(error.code),
        ...(Number.isFinite(seconds) ? { retryAfter: seconds } : {}),
      };
    }
    return { answer: { ...answer, problem: { code: Errors.InternalError } }, status: 500, failure: error };
  }
}

/**
 * The public pages' forms that work without scripts (issue 27, decision 0144): the top-up account
 * check, gift-code redemption and order lookup by number. Each applies the rules the app applies
 * before its call, then the same service call the API route makes, and answers what the page shows:
 * the values as typed and the outcome. `passLimits` counts the API route's own limits first.
 */
export class PageFormsService {
  constructor(private readonly deps: PageFormsDeps) {}

  /** The account ID checked, its nickname shown; on the exchange page a gift code typed is kept. */
  accountCheck(fields: PageFormFields, passLimits: () => Promise<void>): Promise<PageFormReply> {
    const values = { uid: typed(fields, 'uid'), ...(fields.code !== undefined ? { code: typed(fields, 'code') } : {}) };
    return answered<PageFormAnswer & { form: 'account-check' }>({ form: 'account-check', values }, async (answer) => {
      await passLimits();
      answer.account = await this.deps.accounts.account(accountIdOf(values.uid));
    });
  }

  /**
   * A gift code redeemed for the account ID the page checked before (the form carries it): the
   * account is shown beside the outcome, as the exchange page shows it. A code sent without one is
   * answered as the app answers it: verify the account first.
   */
  giftCode(fields: PageFormFields, passLimits: () => Promise<void>): Promise<PageFormReply> {
    const values = { uid: typed(fields, 'uid'), code: typed(fields, 'code') };
    return answered<PageFormAnswer & { form: 'gift-code' }>({ form: 'gift-code', values }, async (answer) => {
      await passLimits();
      if (!values.uid.trim()) throw new FormRule(VERIFY_ACCOUNT_FIRST);
      const uid = accountIdOf(values.uid);
      answer.account = await this.deps.accounts.account(uid);
      const empty = giftCodeProblem(values.code);
      if (empty) throw new FormRule(empty);
      answer.granted = await this.deps.gifts.redeem(uid, giftCodeOf(values.code));
      // A redeemed code is done with: the field starts empty for the next one, as in the app.
      answer.values = { ...values, code: '' };
    });
  }

  /** An order found by its number: what the lookup shows, never its checkout link. */
  orderLookup(fields: PageFormFields, passLimits: () => Promise<void>): Promise<PageFormReply> {
    const values = { orderNo: typed(fields, 'orderNo') };
    return answered<PageFormAnswer & { form: 'order-lookup' }>({ form: 'order-lookup', values }, async (answer) => {
      await passLimits();
      const format = orderNoProblem(values.orderNo);
      if (format) throw new FormRule(format);
      const { orderNo, contents, status, createdAt } = await this.deps.orders.order(orderNoOf(values.orderNo));
      answer.order = { orderNo, contents, status, createdAt };
    });
  }
}
