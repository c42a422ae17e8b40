import type { LanguageCode } from '@vsp/contract/language-codes';
import { accountDataLabels } from './entries/account-data';
import { authLabels } from './entries/auth';
import { commonLabels } from './entries/common';
import { errorLabels } from './entries/errors';
import { i18nLabels } from './entries/i18n';
import { guideLabels } from './entries/guides';
import { mailLabels } from './entries/mails';
import { marketingLabels } from './entries/marketing';
import { exchangeLabels } from './entries/exchange';
import { orderLabels } from './entries/orders';
import { operatorMailLabels } from './entries/operator-mails';
import { parentalLabels } from './entries/parental';
import { passkeyLabels } from './entries/passkeys';
import { rechargeLabels } from './entries/recharge';
import { musicLabels } from './entries/music';
import { creatorLabels } from './entries/creator';
import { reviewLabels } from './entries/review';
import { routeLabels } from './entries/routes';
import { shellLabels } from './entries/shell';
import { uploadLabels } from './entries/upload';
import type { LabelEntry } from './label-entry';

/** Every label of the website, in catalogue order. */
export const LABELS: readonly LabelEntry[] = [
  ...commonLabels,
  ...routeLabels,
  ...i18nLabels,
  ...marketingLabels,
  ...guideLabels,
  ...shellLabels,
  ...authLabels,
  ...rechargeLabels,
  ...orderLabels,
  ...accountDataLabels,
  ...mailLabels,
  ...parentalLabels,
  ...operatorMailLabels,
  ...passkeyLabels,
  ...exchangeLabels,
  ...uploadLabels,
  ...musicLabels,
  ...creatorLabels,
  ...reviewLabels,
  ...errorLabels,
];

/** Texts of one language as a flat key -> text map (what a visitor downloads). */
export function textsFor(lang: LanguageCode, entries: readonly LabelEntry[] = LABELS): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) out[entry.key] = entry.text[lang] || entry.text.en;
  return out;
}
