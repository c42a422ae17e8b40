import { describe, expect, it } from 'vitest';
import { errorText, httpStatusOf } from './app-error';
import { ERROR_CATALOGUE, ERROR_CODES, LANGUAGE_CODES } from './error-catalogue';
import { Errors } from './error-codes';

const SPEC_CODES = [
  2, 2000, 70000, 2001, 2002, 9001, 10004, 10007, 10008, 10010, 10019, 10020, 10021, 10022, 10025, 10030, 10037,
  10039, 10040, 10043, 10046, 10047, 10048, 10064, 10091, 10101, 70001, 280001001, 280001002, 280001003,
  280001004, 280001005,
];

describe('error catalogue', () => {
  it('holds every code of spec section 8 with a text in each of the 12 languages', () => {
    for (const code of SPEC_CODES) {
      const entry = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE];
      expect(entry, `code ${code}`).toBeDefined();
      for (const lang of LANGUAGE_CODES) expect(entry.text[lang].trim(), `${code} ${lang}`).not.toBe('');
    }
  });

  it('writes the other languages in their own words, not as English copies', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      for (const lang of LANGUAGE_CODES.filter((l) => l !== 'en')) {
        expect(entry.text[lang], `${code} ${lang}`).not.toBe(entry.text.en);
      }
    }
  });

  it('keeps the spec texts for login and gift codes', () => {
    expect(errorText(10008, 'en')).toBe('User not registered');
    expect(errorText(10007, 'en')).toBe('The password entered is incorrect');
    expect(errorText(280001001, 'en')).toBe('Please enter a valid gift pack code!');
  });

  it('answers the language, else English, else the word Error', () => {
    expect(errorText(Errors.AccountBlocked, 'ko')).toBe(ERROR_CATALOGUE[Errors.AccountBlocked].text.ko);
    expect(errorText(123456, 'ko')).toBe('Error');
    expect(errorText(Errors.TooManyAttempts, 'en', { seconds: 30 })).toContain('30');
  });

  it('gives every code an honest HTTP status', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.httpStatus, code).toBeGreaterThanOrEqual(400);
      expect(entry.httpStatus, code).toBeLessThan(600);
    }
    expect(httpStatusOf(Errors.AccountBlocked)).toBe(403);
  });
});

describe('error names', () => {
  it('gives every catalogue code exactly one name, and every name is a catalogue code', () => {
    const named = Object.values(Errors) as number[];
    const codes = Object.keys(ERROR_CATALOGUE).map(Number);
    expect(codes.filter((code) => !named.includes(code)), 'codes without a name').toEqual([]);
    expect(named.filter((code, i) => named.indexOf(code) !== i), 'codes with more than one name').toEqual([]);
    expect(named.filter((code) => !codes.includes(code)), 'names without a catalogue entry').toEqual([]);
    expect([...named].sort((a, b) => a - b)).toEqual([...ERROR_CODES].sort((a, b) => a - b));
  });

  it('spells every name in PascalCase', () => {
    for (const name of Object.keys(Errors)) expect(name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
  });

  // Code and tests say Errors.X, so a changed number would pass them all and still break every
  // client: the numbers are the wire contract, pinned here once. Renaming is free; renumbering is not.
  it('keeps the numbers the wire carries', () => {
    expect(Errors).toEqual({
      InvalidCredentials: 2,
      InvalidSignature: 2000,
      InvalidStoreCredentials: 70000,
      ScenarioNotFound: 2001,
      ScenarioRemoved: 2002,
      ServerUnavailable: 9001,
      LoginFailed: 10004,
      WrongPassword: 10007,
      UserNotRegistered: 10008,
      EmailNotSent: 10010,
      PasswordResetRequestNotFound: 10019,
      PasswordResetLinkExpired: 10020,
      PasswordResetLinkUsed: 10021,
      PasswordResetFailed: 10022,
      PasswordEmpty: 10025,
      LoggedInElsewhere: 10030,
      SessionExpired: 10037,
      InvitationCodeNotFound: 10039,
      InvitationCodeLookupFailed: 10040,
      LoggedOut: 10043,
      OrderNotFound: 10046,
      OrderCreationFailed: 10047,
      OrderConfigurationNotFound: 10048,
      AccountBlocked: 10064,
      TooManyUnpaidOrders: 10091,
      TopUpPausedForMaintenance: 10092,
      AccountIdNotFound: 10094,
      GiftPackPurchaseLimitReached: 10096,
      PaymentNotificationUnverified: 10097,
      OrderNotRefundable: 10120,
      RefundRefused: 10121,
      AccountMonthlyLimitReached: 10122,
      GiftPacksNotAllowed: 10123,
      ParentLinkInvalid: 10124,
      ParentPinWrong: 10125,
      ParentAlreadyLinked: 10126,
      ParentSignInRequired: 10127,
      LoginError: 10101,
      PurchaseInfoUnavailable: 70001,
      GiftCodeInvalid: 280001001,
      GiftPackExpired: 280001002,
      GiftPackFullyClaimed: 280001003,
      GiftCodeAlreadyUsed: 280001004,
      GiftPackAlreadyRedeemed: 280001005,
      GiftPackNotStarted: 280001006,
      UploadCredentialInvalid: 30001,
      UploadNotFound: 30002,
      UploadPartsMissing: 30003,
      FileSizeOutOfRange: 30004,
      FileNotMp3: 30005,
      SongDurationOutOfRange: 30006,
      UploadLinkExpired: 30007,
      UploadAlreadySubmitted: 30008,
      ArchiveUnreadable: 60100,
      ArchiveUnsafeFileName: 60101,
      ArchiveContainsLink: 60102,
      ArchiveBreaksFolderRules: 60103,
      ArchiveInvalidModel: 60104,
      ArchiveInvalidTexture: 60105,
      ArchiveUnpackedTooLarge: 60106,
      ArchiveOverComponentBudget: 60107,
      ArchiveMissingTexture: 60108,
      ArchiveCompressionBomb: 60109,
      SubmissionNotResubmittable: 60110,
      ReviewItemClaimed: 60111,
      ValidationFailed: 40000,
      RequestExpired: 40001,
      DuplicateRequest: 40002,
      LoginRequired: 40100,
      Forbidden: 40300,
      OperatorRoleMissing: 40301,
      SecondFactorRequired: 40302,
      StepUpRequired: 40303,
      SecondFactorRefused: 40103,
      OperatorInvitationClosed: 40401,
      NotFound: 40400,
      PayloadTooLarge: 41300,
      UnsupportedMediaType: 41500,
      TooManyAttempts: 42900,
      InternalError: 50000,
    });
  });
});
