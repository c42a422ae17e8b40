/**
 * The rules a new account and a new password follow, shared by the server (registration, the admin
 * CLI, the demo seed, password reset) and the website (instant feedback on the reset page). Each
 * broken rule is a field issue `{ field, rule }`; the website shows the label
 * `auth.rule.<field>.<rule>`, the CLI its English text.
 */

export const USER_NAME_MIN = 3;
export const USER_NAME_MAX = 20;
export const EMAIL_MAX = 254;
export const NICKNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Field names as the API spells them. */
export type AccountField = 'userName' | 'email' | 'nickname' | 'passWord';
export type AccountRule = 'required' | 'tooShort' | 'tooLong' | 'pattern' | 'weak' | 'taken';

export interface AccountIssue {
  field: AccountField;
  rule: AccountRule;
}

/** Letters, digits, dot, underscore and hyphen, starting with a letter or digit; never an e-mail. */
const USER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Deliberately loose: one @, something on both sides, a dot in the domain, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * What a name shown to others may not hold (issue 28): control characters, and invisible format
 * characters, among them the direction overrides and isolates that make "\u202eyalP omeD" show as
 * "Demo Player" on a payer's confirm step, zero-width spaces and marks, and line separators. The
 * zero-width joiner stays: emoji sequences (a family, a flag) are made with it.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|(?!\u200d)\p{Cf}/u;

/** Passwords attackers try first; a strong-looking rule still lets them through, so they are named. */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', 'password', 'password1', 'password123', 'passw0rd', 'qwerty123',
  'qwertyuiop', '1q2w3e4r', '1qaz2wsx', 'abc12345', 'abcd1234', 'iloveyou1', 'admin123', 'welcome1',
  'letmein1', '11111111', '00000000', '88888888', 'asdf1234', 'zxcvbnm1', 'aa123456', 'a1234567',
]);

export function checkUserName(value: string | undefined): AccountRule | undefined {
  const name = value?.trim() ?? '';
  if (!name) return 'required';
  if (name.length < USER_NAME_MIN) return 'tooShort';
  if (name.length > USER_NAME_MAX) return 'tooLong';
  if (!USER_NAME_PATTERN.test(name)) return 'pattern';
  return undefined;
}

export function checkEmail(value: string | undefined): AccountRule | undefined {
  const email = value?.trim() ?? '';
  if (!email) return 'required';
  if (email.length > EMAIL_MAX) return 'tooLong';
  if (!EMAIL_PATTERN.test(email)) return 'pattern';
  return undefined;
}

export function checkNickname(value: string | undefined): AccountRule | undefined {
  if (value === undefined) return undefined;
  const nickname = value.trim();
  if (!nickname) return 'required';
  if ([...nickname].length > NICKNAME_MAX) return 'tooLong';
  if (HIDDEN_OR_CONTROL.test(nickname)) return 'pattern';
  return undefined;
}

/**
 * At least 8 characters, at most 128, at least two kinds of character (letters, digits, others),
 * and not one of the passwords attackers try first.
 */
export function checkPassword(value: string | undefined): AccountRule | undefined {
  const password = value ?? '';
  if (!password) return 'required';
  if ([...password].length < PASSWORD_MIN) return 'tooShort';
  if ([...password].length > PASSWORD_MAX) return 'tooLong';
  const kinds = [/\p{L}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((kind) => kind.test(password)).length;
  if (kinds < 2 || COMMON_PASSWORDS.has(password.toLowerCase())) return 'weak';
  return undefined;
}

export interface NewAccountInput {
  userName?: string | undefined;
  email?: string | undefined;
  nickname?: string | undefined;
  passWord?: string | undefined;
}

/** Every broken rule of a new account, in form order; empty when the account may be created. */
export function checkNewAccount(input: NewAccountInput): AccountIssue[] {
  const issues: AccountIssue[] = [];
  const add = (field: AccountField, rule: AccountRule | undefined) => {
    if (rule) issues.push({ field, rule });
  };
  add('userName', checkUserName(input.userName));
  add('email', checkEmail(input.email));
  add('nickname', checkNickname(input.nickname));
  add('passWord', checkPassword(input.passWord));
  return issues;
}

/** The label that explains a broken rule. */
export function accountRuleLabel(issue: AccountIssue): string {
  return `auth.rule.${issue.field}.${issue.rule}`;
}
