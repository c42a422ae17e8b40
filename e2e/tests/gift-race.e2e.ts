import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@vsp/contract/app-error';
import { consoleCampaignCreatePath, giftRedeemPath } from '@vsp/contract/endpoints/gift-codes';
import { Errors } from '@vsp/contract/error-codes';
import { startServer, type RunningServer } from '../support/server-process';
import { apiClient, apiLogin } from '../support/session';

const databaseUrl = process.env.DATABASE_URL;

/**
 * 500 players redeem one shared code with a cap of 100 through two API processes on one
 * PostgreSQL database: the cap holds across processes.
 */
describe.skipIf(!databaseUrl)('gift code race across two server processes on PostgreSQL', () => {
  const name = `vsp_race_${randomBytes(5).toString('hex')}`;
  let url = '';
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(databaseUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
    const env = { DATABASE_URL: url, TRUST_PROXY: '127.0.0.1', GIFT_LIMIT_PER_ADDRESS: '1000', GIFT_LIMIT_PER_ACCOUNT: '1000' };
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('gives exactly 100 successes and 400 "fully claimed" for 500 concurrent redemptions', async () => {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const inserted = await db.query<{ uid: string }>(
      `insert into users (user_name, email, nickname, password_hash)
       select 'racer' || i, 'racer' || i || '@example.com', 'Racer ' || i, 'not-a-login' from generate_series(1, 500) as i returning uid`,
    );
    const operator = await apiLogin(servers[0]!.baseUrl, 'operator');
    const campaign = await apiClient(servers[0]!.baseUrl, operator).post(consoleCampaignCreatePath, {
      body: {
        name: 'race',
        contents: [{ asset: 'diamonds', quantity: 1 }],
        totalCap: 100,
        sharedCode: 'RACE-TWO-PROCESSES',
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });

    const outcomes = await Promise.all(
      inserted.rows.map((row, i) => {
        // Each player comes from an address of its own (the server trusts X-Forwarded-For here).
        const fromAddress: typeof fetch = (url, init) => fetch(url, { ...init, headers: { ...init?.headers, 'x-forwarded-for': `10.1.${Math.floor(i / 250)}.${i % 250}` } });
        return apiClient(servers[i % 2]!.baseUrl, null, fromAddress)
          .post(giftRedeemPath, { body: { uid: Number(row.uid), code: 'RACE-TWO-PROCESSES' } })
          .then(() => 'ok', (error: unknown) => (error instanceof AppError ? error.code : String(error)));
      }),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(100);
    expect(outcomes.filter((o) => o === Errors.GiftPackFullyClaimed)).toHaveLength(400);
    const claimed = await db.query<{ claimed: number; redemptions: string; credited: string }>(
      `select c.claimed, (select count(*) from gift_redemptions r where r.campaign_id = c.id) as redemptions,
              (select count(*) from ledger_entries l where l.reason = 'gift_code' and l.asset = 'diamonds') as credited
       from gift_campaigns c where c.id = $1`,
      [campaign.id],
    );
    expect(claimed.rows[0]).toEqual({ claimed: 100, redemptions: '100', credited: '100' });
    await db.end();
  });
});
