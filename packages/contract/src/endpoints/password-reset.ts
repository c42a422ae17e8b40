import Type from 'typebox';
import { Ok } from '../envelope-schema';
import { MailLanguage, signed } from './signed';

/**
 * Forgotten password by e-mail. The request answers the same whether or not an account uses the
 * address; the mail holds a link to the website's reset page with a single-use token. Outcomes:
 * 10019 unknown link, 10020 expired, 10021 already used, 10022 failed, 10025 empty password,
 * 10010 the mail could not be sent, 40000 with `fields` for a password that breaks the rules.
 */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export const requestPasswordResetPath = '/v1/user/official/password/sendResetEmail';
export const RequestPasswordResetBody = signed({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  lang: Type.Optional(MailLanguage),
});
export const RequestPasswordResetResponse = Ok(
  Type.Object({ sent: Type.Literal(true), validMinutes: Type.Integer() }),
);

/** Tells the reset page whether its link still works before the visitor types a password. */
export const checkPasswordResetPath = '/v1/user/official/password/checkResetToken';
export const CheckPasswordResetBody = signed({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const CheckPasswordResetResponse = Ok(Type.Object({ expiresAt: Type.String({ format: 'date-time' }) }));

export const resetPasswordPath = '/v1/user/official/password/reset';
export const ResetPasswordBody = signed({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  /** Optional in the schema so that an empty password answers 10025, not a generic 40000. */
  passWord: Type.Optional(Type.String({ maxLength: 256 })),
});
export const ResetPasswordResponse = Ok(Type.Object({ reset: Type.Literal(true) }));
