import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedCatalogue } from '../../seed/seed-demo';

const HOUR = 3_600_000;

/**
 * The audit entry of a change commits with it or not at all (decision 0164): with the audit log
 * refusing every new row, an operator's change leaves everything as it was. The type of `audit`
 * (it takes the change's transaction) makes every module write it so; this shows it holding.
 */
describe.each(databaseTargets())('an operator change and its audit entry ($name)', (db) => {
  let t: TestApp;
  let operator: number;
  let player: number;
  let campaignId: number;

  beforeAll(async () => {
    t = await createTestApp({ database: await db.open() });
    await seedCatalogue(t.app.rechargeRepository);
    operator = (await t.signedIn('audit_op', 'operator')).n;
    player = (await t.signedIn('audit_player')).n;
    campaignId = (
      await t.app.gifts.createCampaign({
        name: 'Audited',
        contents: [{ asset: 'gold_coins', quantity: 1 }],
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date(Date.now() + HOUR).toISOString(),
        totalCap: 5,
        sharedCode: 'AUDITED-1',
      })
    ).id;
    // Every new audit row is refused from here on (existing rows stay valid).
    await t.db.execute(sql`ALTER TABLE audit_log ADD CONSTRAINT audit_refused CHECK (false) NOT VALID`);
  });
  afterAll(() => t?.close());

  /** The change fails on its audit entry (nothing else), and what `state` reads is the same after as before. */
  async function unchanged<T>(state: () => Promise<T>, change: () => Promise<unknown>) {
    const before = await state();
    const failure = await change().then(
      () => 'changed',
      (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
    );
    expect(failure).toMatch(/audit_refused/);
    expect(await state()).toEqual(before);
  }

  it('site settings stay as they were', async () => {
    await unchanged(
      () => t.app.siteSettings.current(),
      () => t.app.siteSettings.update(operator, { supportEmails: { contact: 'new-contact@example.com', service: 'new-service@example.com' } }),
    );
  });

  it("top-up's switches stay as they were", async () => {
    await unchanged(
      () => t.app.topUpSwitches.status(),
      () => t.app.topUpSwitches.setSwitches({ paused: true, iosNotice: false }, operator),
    );
  });

  it("a gift pack's limit stays as it was", async () => {
    const pack = (await t.app.packLimits.list())[0]!;
    await unchanged(
      () => t.app.packLimits.list(),
      () => t.app.packLimits.setLimit(operator, { id: pack.id, limit: pack.limit + 3, limitPeriod: 'week' }),
    );
  });

  it('a campaign stays as it was, and stays enabled', async () => {
    await unchanged(
      () => t.app.gifts.campaign(campaignId),
      () => t.app.gifts.updateCampaign(campaignId, { totalCap: 9 }, operator),
    );
    await unchanged(
      () => t.app.gifts.campaign(campaignId),
      () => t.app.gifts.disableCampaign(campaignId, operator),
    );
  });

  it('a label keeps its text', async () => {
    await unchanged(
      () => t.app.labels.overrides(),
      () => t.app.labels.setOverride('route.account', 'en', 'My account', operator),
    );
  });

  it('an account stays unblocked with its sessions', async () => {
    const live = () => t.app.sessionsRepository.listLiveOf(player, new Date());
    const state = async () => ({ blocked: (await t.app.accountsRepository.findByUid(player))!.blocked, sessions: (await live()).length });
    await unchanged(state, () => t.app.userModeration.setBlocked(operator, player, true));
    await unchanged(state, () => t.app.userModeration.revokeSessions(operator, player));
    expect((await state()).sessions).toBeGreaterThan(0);
  });
});
