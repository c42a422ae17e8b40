import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { accountRuleLabel, type AccountField, type AccountRule } from '@vsp/contract/account-rules';
import { AppError, errorText } from '@vsp/contract/app-error';
import { UID_MAX } from '@vsp/contract/integers';
import { LABELS } from '@vsp/labels';
import { USER_ROLES, type UserRole } from '@vsp/contract/user-roles';
import type { Transaction } from '../db/database';
import type { UserRow } from '../modules/accounts';

/**
 * The operator commands of `npm run admin`. The same command object runs in the CLI's own process
 * (server down) or travels over the running server's local admin channel (decision 0011); the demo
 * seed creates its accounts through runAdminCommand too.
 */

const Uid = Type.Integer({ minimum: 1, maximum: UID_MAX });
export const AdminCommandSchema = Type.Union([
  Type.Object({
    command: Type.Literal('create-user'),
    userName: Type.String(),
    email: Type.String(),
    password: Type.String(),
    nickname: Type.Optional(Type.String()),
    role: Type.Optional(Type.Union([Type.Literal('player'), Type.Literal('creator'), Type.Literal('operator')])),
  }),
  Type.Object({ command: Type.Literal('block'), uid: Uid }),
  Type.Object({ command: Type.Literal('unblock'), uid: Uid }),
  Type.Object({ command: Type.Literal('set-password'), uid: Uid, password: Type.String() }),
]);
export type AdminCommand = Static<typeof AdminCommandSchema>;

export const AdminResultSchema = Type.Object({
  uid: Type.Integer(),
  userName: Type.String(),
  role: Type.String(),
  blocked: Type.Boolean(),
});
export type AdminResult = Static<typeof AdminResultSchema>;

/** What a command uses of the app (the server's, or one the CLI builds without listening): its accounts and audit services. */
export type AdminDeps = Pick<FastifyInstance, 'accounts' | 'accountsRepository' | 'audit'>;

/**
 * Runs one command and writes its audit entry. The CLI has no operator login, so the actor is named
 * (`admin-cli`, or `seed-demo` for the demo seed) instead of an account ID. Passwords are never logged.
 */
export async function runAdminCommand(app: AdminDeps, command: AdminCommand, actorName = 'admin-cli'): Promise<AdminResult> {
  const { accounts } = app;
  const before = 'uid' in command ? await app.accountsRepository.findByUid(command.uid) : undefined;
  const resultOf = (user: UserRow): AdminResult => ({ uid: user.uid, userName: user.userName, role: user.role, blocked: user.blocked });
  // The entry commits with the change it records.
  const audited = (action: string, was: unknown, is: (user: UserRow) => unknown) => (tx: Transaction, user: UserRow) =>
    app.audit({ actorName, action, target: `user:${user.uid}`, before: was, after: is(user) }, tx);
  const blocked = (user: UserRow) => ({ blocked: user.blocked });
  const user = await (() => {
    switch (command.command) {
      case 'create-user':
        return accounts.createUser({ userName: command.userName, email: command.email, password: command.password, nickname: command.nickname, role: command.role }, audited('user.create', null, resultOf));
      case 'block':
        return accounts.setBlocked(command.uid, true, audited('user.block', { blocked: before?.blocked ?? null }, blocked));
      case 'unblock':
        return accounts.setBlocked(command.uid, false, audited('user.unblock', { blocked: before?.blocked ?? null }, blocked));
      case 'set-password':
        return accounts.setPassword(command.uid, command.password, audited('user.set-password', null, () => ({ passwordChanged: true, sessionsRevoked: true })));
    }
  })();
  return resultOf(user);
}

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]

  create-user --user-name NAME --email EMAIL --password PASS [--nickname NICK] [--role player|creator|operator]
                 creates an account and prints its uid (the account ID)
  block --uid UID          blocks an account (its logins and sessions answer 10064)
  unblock --uid UID        lifts the block
  set-password --uid UID --password PASS
                           sets a new password and ends every session of the account

Reads the server's configuration (DATA_DIR, DATABASE_URL, ...). Works whether or not the server runs:
with PGlite it talks to the running server over its local admin channel, otherwise it opens the
database itself.`;

export class AdminUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminUsageError';
  }
}

const OPTIONS = {
  'user-name': { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  nickname: { type: 'string' },
  role: { type: 'string' },
  uid: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ALLOWED: Record<AdminCommand['command'], readonly string[]> = {
  'create-user': ['user-name', 'email', 'password', 'nickname', 'role'],
  block: ['uid'],
  unblock: ['uid'],
  'set-password': ['uid', 'password'],
};

/** Reads `create-user --user-name ...` into a command; a usage error names what is wrong. */
export function parseAdminArgs(argv: readonly string[]): AdminCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new AdminUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) return 'help';
  const [name, ...extra] = positionals;
  if (!name || !(name in ALLOWED)) throw new AdminUsageError(`unknown command "${name}"`);
  if (extra.length > 0) throw new AdminUsageError(`unexpected argument "${extra[0]}"`);
  const command = name as AdminCommand['command'];
  for (const key of Object.keys(values)) {
    if (key !== 'help' && !ALLOWED[command].includes(key)) throw new AdminUsageError(`${command} does not take --${key}`);
  }
  const need = (key: keyof typeof OPTIONS): string => {
    const value = values[key];
    if (typeof value !== 'string' || value === '') throw new AdminUsageError(`${command} needs --${key}`);
    return value;
  };
  const uid = () => {
    const text = need('uid');
    if (!/^[1-9][0-9]{0,14}$/.test(text)) throw new AdminUsageError(`--uid must be an account ID (a number), got "${text}"`);
    return Number(text);
  };
  switch (command) {
    case 'create-user': {
      const role = values.role;
      if (role !== undefined && !(USER_ROLES as readonly string[]).includes(role)) {
        throw new AdminUsageError(`--role must be one of ${USER_ROLES.join(', ')}, got "${role}"`);
      }
      return {
        command,
        userName: need('user-name'),
        email: need('email'),
        password: need('password'),
        ...(values.nickname !== undefined ? { nickname: values.nickname } : {}),
        ...(role !== undefined ? { role: role as UserRole } : {}),
      };
    }
    case 'set-password':
      return { command, uid: uid(), password: need('password') };
    default:
      return { command, uid: uid() };
  }
}

const englishLabels = new Map(LABELS.map((entry) => [entry.key, entry.text.en]));

/** What the CLI prints for a refused command: the English text, and each field's rule in words. */
export function describeAdminError(error: unknown): string {
  if (!(error instanceof AppError)) return error instanceof Error ? error.message : String(error);
  const lines = [`${errorText(error.code, 'en', error.params)} (code ${error.code})`];
  for (const issue of error.fields ?? []) {
    const key = accountRuleLabel({ field: issue.field as AccountField, rule: issue.rule as AccountRule });
    lines.push(`  ${issue.field}: ${englishLabels.get(key) ?? issue.rule}`);
  }
  return lines.join('\n');
}
