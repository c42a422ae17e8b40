import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiLogin, signed } from './session';

/** The demo world's first account (the player "demo"), the one the top-up tests credit. */
export const DEMO_UID = 10_000_001;
export const OPERATOR_UID = 10_000_002;

/** A signed GET or POST against the test server, answering the envelope. */
export async function apiCall(baseUrl: string, path: string, options: { query?: Record<string, string | number>; body?: Record<string, unknown>; headers?: Record<string, string> } = {}) {
  const url = new URL(path, baseUrl);
  if (!options.body) for (const [k, v] of Object.entries(signed(options.query ?? {}))) url.searchParams.set(k, String(v));
  const response = await fetch(url, {
    method: options.body ? 'POST' : 'GET',
    headers: { accept: 'application/json', ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(options.body ? { body: JSON.stringify(signed(options.body as Record<string, string | number>)) } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the envelope holds
  return (await response.json()) as { status: number; data: any; errInfo?: { code: number; message: string } };
}

export async function balanceOf(baseUrl: string, userName: string, asset: string): Promise<number> {
  const session = await apiLogin(baseUrl, userName);
  const wallet = await apiCall(baseUrl, '/v1/wallet/mine', { headers: { token: session.token, uid: String(session.uid) } });
  const holdings = [...wallet.data.balances.map((b: { asset: string; amount: number }) => b), ...wallet.data.backpack.map((b: { asset: string; quantity: number }) => ({ asset: b.asset, amount: b.quantity }))];
  return holdings.find((h: { asset: string }) => h.asset === asset)?.amount ?? 0;
}

export async function setSwitches(baseUrl: string, switches: { paused?: boolean; iosNotice?: boolean }) {
  const operator = await apiLogin(baseUrl, 'operator');
  const answer = await apiCall(baseUrl, '/v1/recharge/switches', { body: switches, headers: { token: operator.token, uid: String(operator.uid) } });
  if (answer.status !== 1) throw new Error(`switches: ${JSON.stringify(answer)}`);
}

/** Steps 1 and 2 as a payer does them: account ID, confirm, nickname, next step, catalogue loaded. */
export async function openShop(page: Page, path: string, uid: number) {
  await page.goto(path);
  await page.getByTestId('account-input').fill(String(uid));
  await page.getByTestId('account-confirm').click();
  await page.getByTestId('account-box').getByTestId('account-nickname').waitFor();
  const next = page.getByTestId('next-step');
  if (await next.isVisible()) await next.click();
  await page.getByTestId('product').first().waitFor();
}

/** /exchange with the account verified (nickname shown), ready for a gift code. */
export async function openExchange(page: Page, uid: number) {
  await page.goto('/exchange');
  await page.getByTestId('account-input').fill(String(uid));
  await page.getByTestId('account-confirm').click();
  await page.getByTestId('account-box').getByTestId('account-nickname').waitFor();
}

/** Chooses the second amount and pays: the confirm box, then the sandbox checkout page. */
export async function payForProduct(page: Page, index = 1) {
  await page.getByTestId('product').nth(index).click();
  await page.getByTestId('pay').click();
  await page.getByTestId('confirm-order').click();
  await page.waitForURL(/\/sandbox\/checkout\//);
}

export async function gatewayAction(page: Page, action: 'Pay' | 'Decline' | 'Leave without paying') {
  await page.getByRole('button', { name: action, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sandbox/'));
}

export async function orderMessage(page: Page, phase: string, timeout = 30_000) {
  const progress = page.locator(`[data-testid="order-progress"][data-phase="${phase}"]`);
  await progress.waitFor({ timeout });
  return (await progress.getByTestId('order-message').textContent())?.trim();
}

/** Console errors other than the browser's note on a refused request the page handles itself. */
export function unexpectedErrors(errors: readonly string[]) {
  return errors.filter((e) => !/Failed to load resource: the server responded with a status of (400|404|409|410|429|503)/.test(e));
}

export { expect };

