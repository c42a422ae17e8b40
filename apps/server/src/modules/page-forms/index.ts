import { defineModule } from '../server-module';
import { giftGuessingLimits, type GiftCodesService } from '../gift-codes';
import { accountCheckLimits, orderInquiryLimits, type RechargeService } from '../recharge';
import { PageFormsService } from './page-forms.service';

interface PageFormsNeeds {
  recharge: Pick<RechargeService, 'account' | 'order'>;
  gifts: Pick<GiftCodesService, 'redeem'>;
}

/**
 * Issue 27: the public pages' forms that work without scripts (decision 0144). Each asks the module
 * that owns the rule (top-up, gift codes) and counts that operation's own API limits, so a plain
 * post is neither a way around a limit nor a second allowance. The website plugin answers the posts.
 */
export const pageFormsModule = defineModule({
  name: 'page-forms',
  needs: ['recharge', 'gift-codes'],
  services: (_context, { recharge, gifts }: PageFormsNeeds) => ({
    pageForms: new PageFormsService({ accounts: recharge, orders: recharge, gifts }),
  }),
  pageForms: ({ context: { config }, services: { pageForms } }) => [
    { form: 'account-check', limits: accountCheckLimits(config), answer: (fields, passLimits) => pageForms.accountCheck(fields, passLimits) },
    // The exchange page shows the account beside the outcome: a lookup by account ID as well.
    { form: 'gift-code', limits: [...accountCheckLimits(config), ...giftGuessingLimits(config)], answer: (fields, passLimits) => pageForms.giftCode(fields, passLimits) },
    { form: 'order-lookup', limits: orderInquiryLimits(config), answer: (fields, passLimits) => pageForms.orderLookup(fields, passLimits) },
  ],
});
