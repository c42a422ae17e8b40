import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test reads the table's rows at run time; it never reaches a bundle
import { operations } from '@vsp/contract/endpoints/api';
import type { OperatorAccess } from '@vsp/contract/operator-roles';
import { api } from './api';
import { mutations } from './mutations';

vi.mock(import('./api'), () => ({ api: { get: vi.fn(), post: vi.fn() }, saveSession: vi.fn() }) as never);
vi.mock(import('@simplewebauthn/browser'), () => ({ startRegistration: vi.fn(async () => ({})), startAuthentication: vi.fn(async () => ({})) }) as never);

/**
 * Operator writes of the operation table the console never makes, each with why. A new operator
 * write is a named mutation in mutations.ts, or a line here.
 */
const NOT_FROM_THE_CONSOLE: Record<string, string> = {};

type Name = keyof typeof mutations;
type VariablesOf<N extends Name> = Parameters<NonNullable<ReturnType<(typeof mutations)[N]>['mutationFn']>>[0];

/** Variables to run each mutation with: one per operation a mutation may pick. */
const SAMPLES: { [N in Name]: VariablesOf<N>[] } = {
  login: [{ userName: 'operator', passWord: 'secret' }],
  logout: [undefined],
  acceptInvitation: [{ token: 'x'.repeat(20), userName: 'operator', passWord: 'secret' }],
  startTotp: [undefined],
  confirmTotp: [{ code: '123456' }],
  enrolPasskey: [undefined],
  verifySecondFactor: [{ code: '123456' }, { recoveryCode: 'abcd-efgh' }],
  verifyWithPasskey: [undefined],
  decideReview: [
    { kind: 'music', id: 1, decision: 'approved' },
    { kind: 'outfit', id: 1, decision: 'rejected', category: 'other', reason: '' },
  ],
  claimReview: [{ kind: 'music', id: 1 }],
  bulkDecide: [{ items: [{ kind: 'outfit', id: 1 }], decision: 'approved' }],
  blockUser: [10000001],
  unblockUser: [10000001],
  revokeSessions: [10000001],
  recheckOrder: ['TU-TEST0001'],
  refundOrder: ['TU-TEST0001'],
  saveSwitches: [{ paused: false, clearWindow: true, iosNotice: false }],
  saveSiteSettings: [
    {
      storeLinks: { standard: { ios: 'https://a.test', android: 'https://b.test' }, regional: { ios: 'https://c.test', android: 'https://d.test' } },
      supportEmails: { contact: 'contact@a.test', service: 'service@a.test' },
    },
  ],
  createCampaign: [{ name: 'Spring', contents: [{ asset: 'gold_coins', quantity: 1 }], startsAt: '2026-01-01T00:00:00.000Z', endsAt: '2026-02-01T00:00:00.000Z', totalCap: 1, sharedCode: 'SPRING' }],
  updateCampaign: [{ id: 1, startsAt: '2026-01-01T00:00:00.000Z', endsAt: '2026-02-01T00:00:00.000Z', totalCap: 1, clearRedemptionGroup: true }],
  generateCodes: [{ id: 1, count: 1 }],
  disableCampaign: [1],
  setPackLimit: [{ id: 1, limit: 1, limitPeriod: 'day' }],
  setLabel: [{ key: 'home.title', lang: 'en', text: 'Welcome' }],
  removeLabel: [{ key: 'home.title', lang: 'en' }],
  publishLabels: [undefined],
  saveRoles: [{ uid: 10000001, roles: ['reviewer'] }],
  resetFactors: [10000001],
  revokeOperator: [10000001],
  inviteOperator: [{ email: 'new@a.test', roles: ['reviewer'], lang: 'en' }],
  cancelInvitation: [1],
};

/** A mutation's options as the test reads them, whatever its data and variables. */
type Written = { mutationKey: readonly unknown[]; mutationFn?: (variables: never, context: never) => Promise<unknown>; meta?: { invalidates?: readonly string[] } };
const named = Object.entries(mutations).map(([name, options]) => ({ name: name as Name, options: (options as () => Written)() }));

/** The POST operations of the table, operator or not. */
type Post = { name: string; path: string; access?: OperatorAccess };
const posts: Post[] = Object.entries(operations).flatMap(([name, operation]) =>
  operation.method === 'POST' ? [{ name, path: operation.path, ...('operator' in operation ? { access: operation.operator as OperatorAccess } : {}) }] : [],
);
const operatorPosts = posts.filter((operation) => operation.access);

/** The paths each mutation posts, with the table's operation at each, found by running it with its samples. */
async function postedBy(): Promise<Map<Name, { path: string; operation?: Post }[]>> {
  vi.mocked(api.post).mockResolvedValue({ options: {} } as never); // what each flow reads next: passkey options
  vi.mocked(api.get).mockResolvedValue({ role: 'operator' } as never); // the login's account check
  const client = new QueryClient();
  const found = new Map<Name, { path: string; operation?: Post }[]>();
  for (const { name, options } of named) {
    const paths: string[] = [];
    for (const variables of SAMPLES[name] as unknown[]) {
      vi.mocked(api.post).mockClear();
      await options.mutationFn!(variables as never, { client, meta: options.meta, mutationKey: options.mutationKey } as never);
      paths.push(...vi.mocked(api.post).mock.calls.map(([posted]) => posted));
    }
    found.set(
      name,
      paths.map((path) => ({ path, operation: posts.find((operation) => operation.path === path) })),
    );
  }
  return found;
}

describe('the console writes as named mutations (decision 0163)', () => {
  let posted: Awaited<ReturnType<typeof postedBy>>;
  beforeAll(async () => {
    posted = await postedBy();
  });

  it('keys each mutation by its name and runs each with samples', () => {
    for (const { name, options } of named) expect(options.mutationKey, name).toEqual([name]);
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(mutations).sort());
  });

  it('posts, from each mutation, only POST operations of the table', () => {
    for (const [name, calls] of posted) {
      expect(calls.length, `${name} posts nothing`).toBeGreaterThan(0);
      for (const { path, operation } of calls) expect(operation, `${name} posts ${path}, no POST operation of the table`).toBeDefined();
    }
  });

  it('has a named mutation for every operator write of the table, but those listed as not the console’s', () => {
    const called = new Set([...posted.values()].flat().map((call) => call.operation?.name));
    const missing = operatorPosts.filter((operation) => !called.has(operation.name) && !(operation.name in NOT_FROM_THE_CONSOLE));
    expect(missing.map((operation) => `${operation.name} (${operation.path}) has no mutation in mutations.ts`)).toEqual([]);
    for (const name of Object.keys(NOT_FROM_THE_CONSOLE)) {
      expect(operatorPosts.map((operation) => operation.name)).toContain(name);
      expect(called.has(name), `${name} is listed as never called, but a mutation posts it`).toBe(false);
    }
  });

  it('names the query groups each write of the signed-in console changes', () => {
    // An operator operation past the second factor changes what the console shows; signing in
    // (login, the factor, an invitation's link) and out changes nothing a query shows.
    for (const [name, calls] of posted) {
      const signedIn = calls.some(({ operation }) => operation?.access && !operation.access.beforeSecondFactor);
      if (signedIn) expect(named.find((mutation) => mutation.name === name)?.options.meta?.invalidates ?? [], `${name} invalidates nothing`).not.toEqual([]);
    }
  });
});

describe('the lint rule that keeps console pages on queries.ts and mutations.ts', () => {
  it('refuses the API client in a page', async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const [result] = await new ESLint({ cwd: root }).lintText("import { api } from '../api/api';\nexport const probe = () => api.post('/v1/console/labels/publish');\n", {
      filePath: path.join(root, 'apps/console/src/pages/probe-page.tsx'),
    });
    expect(result!.messages.map((message) => `${message.ruleId}: ${message.message}`)).toEqual([expect.stringMatching(/^no-restricted-syntax: .*mutations\.ts.*decision 0163/)]);
  });
});
