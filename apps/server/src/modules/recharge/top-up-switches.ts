import { AppError } from '@vsp/contract/app-error';
import type { RechargeStatus, RechargeSwitchesBody } from '@vsp/contract/endpoints/recharge';
import { Errors } from '@vsp/contract/error-codes';
import type { SignedInput } from '../../plugins/signature';
import type { InTransaction } from '../../shared/in-transaction';
import type { AuditTrail } from '../audit';
import type { SiteSettingsRepository } from '../site-settings';
import type { OrderExpiry } from './order-expiry';

/** The operator switches top-up reads from the settings table. */
export const SETTING_PAUSED = 'recharge.paused.open';
export const SETTING_PAUSED_WINDOW = 'recharge.paused.window';
export const SETTING_IOS_NOTICE = 'recharge.ios_notice.open';
/** The last maintenance: when it began and, once the switch went off again, when it ended. */
export const SETTING_PAUSED_PERIOD = 'recharge.paused.period';

interface MaintenancePeriod {
  since: string;
  ended: string | null;
}

function periodOf(value: unknown): MaintenancePeriod | undefined {
  const v = value as Partial<MaintenancePeriod> | null | undefined;
  return v && typeof v.since === 'string' ? { since: v.since, ended: typeof v.ended === 'string' ? v.ended : null } : undefined;
}

/** A switch is on when its value is true or 'true'; for a per-language value only English counts. */
export function switchIsOn(value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value && typeof value === 'object' && 'en' in value) return switchIsOn((value as { en: unknown }).en);
  return false;
}

export interface TopUpSwitchesDeps {
  /** The operator switches (maintenance, its window, the iOS notice): the site-settings module's table. */
  settings: Pick<SiteSettingsRepository, 'entry' | 'put' | 'delete'>;
  /** Invalidates the unpaid orders of before a maintenance once it ends. */
  expiry: Pick<OrderExpiry, 'invalidateBefore'>;
  /** An operator's switch changes and their audit entry, in one transaction. */
  transaction: InTransaction<Pick<SiteSettingsRepository, 'put' | 'delete'>>;
  /** Where an operator's switch changes are recorded. */
  audit: AuditTrail;
  now: () => number;
}

/** Top-up's operator switches: maintenance (and the period it lasted), its announced window, the iOS notice. */
export class TopUpSwitches {
  constructor(private readonly deps: TopUpSwitchesDeps) {}

  async paused(): Promise<boolean> {
    return switchIsOn((await this.deps.settings.entry(SETTING_PAUSED))?.value);
  }

  /**
   * Keeps the record of the last maintenance in step with the switch (however it was flipped):
   * while it is on, the period has its start; once it is off again, the period ends and the unpaid
   * orders started before it began become invalid (spec: "An order unpaid before maintenance becomes
   * invalid after it ends"). Answers the last period.
   */
  async settleMaintenance(): Promise<MaintenancePeriod | undefined> {
    const { settings } = this.deps;
    const [switchRow, periodRow] = await Promise.all([settings.entry(SETTING_PAUSED), settings.entry(SETTING_PAUSED_PERIOD)]);
    const period = periodOf(periodRow?.value);
    if (switchRow && switchIsOn(switchRow.value)) {
      if (period && !period.ended) return period;
      const started = { since: switchRow.updatedAt.toISOString(), ended: null };
      await settings.put(SETTING_PAUSED_PERIOD, started, switchRow.updatedAt);
      return started;
    }
    if (!period || period.ended) return period;
    const endedAt = switchRow?.updatedAt ?? new Date(this.deps.now());
    await this.deps.expiry.invalidateBefore(new Date(period.since));
    const ended = { since: period.since, ended: endedAt.toISOString() };
    await settings.put(SETTING_PAUSED_PERIOD, ended, endedAt);
    return ended;
  }

  async status(): Promise<RechargeStatus> {
    const [paused, window, ios] = await Promise.all([SETTING_PAUSED, SETTING_PAUSED_WINDOW, SETTING_IOS_NOTICE].map((key) => this.deps.settings.entry(key)));
    const w = window?.value as { from?: unknown; to?: unknown } | undefined;
    return {
      paused: switchIsOn(paused?.value),
      window: w && typeof w.from === 'string' && typeof w.to === 'string' ? { from: w.from, to: w.to } : null,
      // The spec's iOS notice stands until an operator switches it off.
      iosNotice: ios ? switchIsOn(ios.value) : true,
    };
  }

  /**
   * Operator switches (a window of null, or `clearWindow`, clears the window); turning maintenance
   * off invalidates the unpaid orders started before it began. An operator's change (`actorUid`
   * given) is audited with the switches before and after.
   */
  async setSwitches(input: SignedInput<typeof RechargeSwitchesBody>, actorUid: number | null = null): Promise<RechargeStatus> {
    if (input.clearWindow && input.window) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'body/clearWindow', rule: 'oneOf' }] });
    const at = new Date(this.deps.now());
    const current = await this.status();
    const flipped = input.paused !== undefined && input.paused !== current.paused;
    const window = input.window === null || input.clearWindow ? null : (input.window ?? current.window);
    const after: RechargeStatus = { paused: input.paused ?? current.paused, window, iosNotice: input.iosNotice ?? current.iosNotice };
    await this.deps.transaction(async (tx, settings) => {
      if (flipped) await settings.put(SETTING_PAUSED, after.paused, at);
      if (input.window === null || input.clearWindow) await settings.delete(SETTING_PAUSED_WINDOW);
      else if (input.window !== undefined) await settings.put(SETTING_PAUSED_WINDOW, input.window, at);
      if (input.iosNotice !== undefined) await settings.put(SETTING_IOS_NOTICE, input.iosNotice, at);
      if (actorUid !== null) await this.deps.audit({ actorUid, action: 'settings.switches', target: 'settings:recharge', before: current, after }, tx);
    });
    // Once the switch is stored: a maintenance that ended invalidates the orders of before it.
    if (flipped) await this.settleMaintenance();
    return this.status();
  }
}
