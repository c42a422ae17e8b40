import type { OperatorRole } from '@vsp/contract/operator-roles';

/**
 * The console's texts for operators' roles, second factors and the Operators page (issue 30;
 * English-only, like texts.ts, and kept apart so parallel work there does not collide with these).
 */
export const OPERATOR_TEXTS = {
  roles: {
    reviewer: 'Reviewer',
    support: 'Support',
    finance: 'Finance',
    content: 'Content',
    administrator: 'Administrator',
  } satisfies Record<OperatorRole, string>,
  missing: {
    heading: 'Not shown to you',
    item: (section: string, roles: string) => `${section}: needs the ${roles} role`,
    or: ' or ',
  },
  enrol: {
    heading: 'Set up your second factor',
    intro:
      'The console opens only with a second factor besides your password: an authenticator app (add this account to it with the key, then enter the six-digit code it shows) or a passkey on this device or a security key.',
    start: 'Show my key',
    secret: 'Key for your authenticator app',
    link: 'Open in an authenticator app',
    code: 'Six-digit code',
    confirm: 'Confirm',
    busy: 'Checking…',
  },
  passkey: {
    enrol: 'Use a passkey instead',
    verify: 'Use a passkey',
    failed: 'No passkey was used. Try again, or use your authenticator app.',
  },
  recovery: {
    heading: 'Your recovery codes',
    intro:
      'Each code opens the console once if you lose your authenticator app. Save them somewhere safe now: they are not shown again. An administrator can also reset a lost factor.',
    label: 'Recovery codes',
    saved: 'I have saved them',
  },
  verify: {
    heading: 'Confirm your sign-in',
    intro: 'Enter the six-digit code from your authenticator app.',
    code: 'Six-digit code',
    useRecovery: 'Use a recovery code instead',
    useCode: 'Use the authenticator app instead',
    recoveryCode: 'Recovery code',
    submit: 'Confirm',
    busy: 'Checking…',
    cancel: 'Log out',
  },
  stepUp: {
    heading: 'Confirm it is you',
    intro: 'This action asks for your second factor again (at most every 5 minutes). Enter a code, then do it again.',
    done: 'Confirmed. Do the action again now.',
    close: 'Close',
  },
  operators: {
    nav: 'Operators',
    heading: 'Operators',
    intro:
      'Each role opens only its part of the console. Changing roles, resetting a lost factor and revoking ask for your second factor within the last 5 minutes. Revoking takes every role away and ends the operator’s sessions at once.',
    columns: { uid: 'Account ID', userName: 'User name', email: 'E-mail', roles: 'Roles', factors: 'Factors', lastSignIn: 'Last sign-in', actions: 'Actions' },
    rolesOf: (userName: string) => `Roles of ${userName}`,
    roleOf: (role: string, userName: string) => `${role} (${userName})`,
    saveRoles: 'Save roles',
    resetFactors: 'Reset factors',
    revoke: 'Revoke',
    revoked: 'Revoked',
    never: 'Never',
    noFactor: 'None yet',
    factorNames: { totp: 'Authenticator app', passkey: 'Passkey' } as Record<string, string>,
    rolesSaved: (userName: string) => `Roles of ${userName} saved.`,
    factorsReset: (userName: string) => `${userName} sets up a second factor at the next sign-in.`,
    revokedDone: (userName: string) => `${userName} revoked; their sessions ended.`,
    confirmRevoke: (userName: string) => `Revoke ${userName}? Every role goes and their sessions end now.`,
    confirmReset: (userName: string) => `Reset the second factors of ${userName}? Their sessions end and they set up a new factor at the next sign-in.`,
  },
  invite: {
    heading: 'Invite an operator',
    intro: 'The person gets a one-time link, valid 72 hours, to choose a user name and password; they set up a second factor at their first sign-in. Sending asks for your second factor within the last 5 minutes.',
    email: 'E-mail address',
    roles: 'Roles to give',
    lang: 'Language of the e-mail',
    submit: 'Send invitation',
    busy: 'Sending…',
    needRole: 'Choose at least one role.',
    sent: (email: string) => `Invitation sent to ${email}.`,
    pendingHeading: 'Open invitations',
    none: 'No open invitations.',
    columns: { email: 'E-mail', roles: 'Roles', invitedBy: 'Invited by', expires: 'Link works until', actions: 'Actions' },
    cancel: 'Cancel',
    cancelOf: (email: string) => `Cancel the invitation to ${email}`,
    cancelled: (email: string) => `The invitation to ${email} was cancelled; its link no longer works.`,
    emailRules: { required: 'Enter an e-mail address.', pattern: 'Enter a valid e-mail address.', tooLong: 'That address is too long.', taken: 'An account already uses this address.' } as Record<string, string>,
  },
  accept: {
    heading: 'Join the operator console',
    intro: 'Choose the user name and password you will sign in with. At your first sign-in you set up a second factor: an authenticator app or a passkey.',
    userName: 'User name',
    password: 'Password',
    submit: 'Create my operator account',
    busy: 'Creating…',
    done: (userName: string) => `Your operator account ${userName} is ready. Log in to set up your second factor.`,
    toLogin: 'Go to the login',
    noToken: 'This page opens from the link in your invitation e-mail. Open that link again, or ask an administrator for a new invitation.',
    rules: {
      userName: { required: 'Choose a user name.', tooShort: 'At least 3 characters.', tooLong: 'At most 20 characters.', pattern: 'Letters, digits, dots, underscores and hyphens only, starting with a letter or digit.', taken: 'That user name is taken.' },
      passWord: { required: 'Choose a password.', tooShort: 'At least 8 characters.', tooLong: 'At most 128 characters.', weak: 'Use letters and digits (or symbols), and not a common password.' },
    } as Record<string, Record<string, string>>,
  },
};
