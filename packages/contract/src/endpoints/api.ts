import type { TSchema } from 'typebox';
import { OPERATOR_ROLES, type OperatorAccess } from '../operator-roles';
import * as accountData from './account-data';
import * as daily from './analytics-daily';
import * as analytics from './analytics';
import * as consoleCalls from './console';
import * as consoleOps from './console-operations';
import * as gift from './gift-codes';
import * as labels from './labels';
import * as music from './music';
import * as operators from './operators';
import * as passkeys from './passkeys';
import * as outfits from './outfits';
import * as parental from './parental';
import * as reset from './password-reset';
import * as recharge from './recharge';
import * as site from './site-settings';
import * as support from './support';
import * as uploads from './uploads';
import * as user from './user';

/** One /v1 operation: its method, its path (`:name` for a path parameter) and the schemas of its parts; `response` is the success envelope. */
export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  query?: TSchema;
  body?: TSchema;
  params?: TSchema;
  response: TSchema;
  /** Set on an operator operation: the roles that may call it, and whether it asks for a step-up (decision 0154). */
  operator?: OperatorAccess;
}

/**
 * Who may call the operator operations (issue 30): each role holds only what its work needs, and a
 * refund, a change of store links or support mailboxes, a role change, blocking a player, publishing
 * labels and exporting codes ask for a second factor verified within the last 5 minutes.
 */
const access = {
  reviewer: { roles: ['reviewer'] },
  support: { roles: ['support'] },
  blockPlayer: { roles: ['support'], stepUp: true },
  orders: { roles: ['support', 'finance'] },
  finance: { roles: ['finance'] },
  refund: { roles: ['finance'], stepUp: true },
  content: { roles: ['content'] },
  contentStepUp: { roles: ['content'], stepUp: true },
  exportCodes: { roles: ['content'], stepUp: true },
  analytics: { roles: ['content', 'administrator'] },
  administrator: { roles: ['administrator'] },
  administratorStepUp: { roles: ['administrator'], stepUp: true },
  /** The operator's own sign-in: every operator, before the second factor is verified. */
  ownSignIn: { roles: OPERATOR_ROLES, beforeSecondFactor: true },
} as const satisfies Record<string, OperatorAccess>;

/**
 * Every /v1 operation, built from the schemas the server validates with: the server registers each
 * route from its row (decision 0166); @vsp/api-client takes its argument and result types from here
 * for the website, the console, the browser tests and the benchmarks; browser code imports this
 * table as a type only (lint checks it), so no schema reaches a bundle (decision 0116).
 */
export const operations = {
  login: { method: 'POST', path: user.loginPath, body: user.LoginBody, response: user.LoginResponse },
  register: { method: 'POST', path: user.registerPath, body: user.RegisterBody, response: user.RegisterResponse },
  userInfo: { method: 'GET', path: user.getUserInfoByTokenPath, query: user.GetUserInfoByTokenQuery, response: user.GetUserInfoByTokenResponse },
  publicProfile: { method: 'GET', path: user.getUserInfoByUidPath, query: user.GetUserInfoByUidQuery, response: user.GetUserInfoByUidResponse },
  logout: { method: 'POST', path: user.logoutPath, body: user.LogoutBody, response: user.LogoutResponse },
  sessions: { method: 'GET', path: user.sessionsPath, query: user.SessionsQuery, response: user.SessionsResponse },
  revokeOtherSessions: { method: 'POST', path: user.revokeOtherSessionsPath, body: user.RevokeOtherSessionsBody, response: user.RevokedCountResponse },
  revokeSession: { method: 'POST', path: user.revokeSessionPath, body: user.RevokeSessionBody, response: user.RevokedCountResponse },
  requestPasswordReset: { method: 'POST', path: reset.requestPasswordResetPath, body: reset.RequestPasswordResetBody, response: reset.RequestPasswordResetResponse },
  checkPasswordReset: { method: 'POST', path: reset.checkPasswordResetPath, body: reset.CheckPasswordResetBody, response: reset.CheckPasswordResetResponse },
  resetPassword: { method: 'POST', path: reset.resetPasswordPath, body: reset.ResetPasswordBody, response: reset.ResetPasswordResponse },
  rechargeAccount: { method: 'GET', path: recharge.rechargeAccountPath, query: recharge.RechargeAccountQuery, response: recharge.RechargeAccountResponse },
  rechargeStatus: { method: 'GET', path: recharge.rechargeStatusPath, query: recharge.RechargeStatusQuery, response: recharge.RechargeStatusResponse },
  rechargeCatalogue: { method: 'GET', path: recharge.rechargeCataloguePath, query: recharge.RechargeCatalogueQuery, response: recharge.RechargeCatalogueResponse },
  createOrder: { method: 'POST', path: recharge.rechargeOrderPath, body: recharge.CreateOrderBody, response: recharge.OrderResponse },
  order: { method: 'GET', path: recharge.rechargeOrderPath, query: recharge.OrderQuery, response: recharge.OrderInquiryResponse },
  setSwitches: { method: 'POST', path: recharge.consoleSwitchesPath, body: recharge.RechargeSwitchesBody, operator: access.content, response: recharge.RechargeStatusResponse },
  myOrders: { method: 'GET', path: recharge.rechargeMyOrdersPath, query: recharge.MyOrdersQuery, response: recharge.MyOrdersResponse },
  receipt: { method: 'GET', path: recharge.rechargeReceiptPath, query: recharge.ReceiptQuery, response: recharge.ReceiptResponse },
  wallet: { method: 'GET', path: recharge.walletPath, query: recharge.WalletQuery, response: recharge.WalletResponse },
  redeemGiftCode: { method: 'POST', path: gift.giftRedeemPath, body: gift.RedeemBody, response: gift.RedeemResponse },
  createCampaign: { method: 'POST', path: gift.consoleCampaignCreatePath, body: gift.CreateCampaignBody, operator: access.content, response: gift.CampaignResponse },
  campaigns: { method: 'GET', path: gift.giftCampaignsPath, query: gift.CampaignListQuery, operator: access.content, response: gift.CampaignListResponse },
  campaignCodes: { method: 'GET', path: gift.campaignCodesPath, params: gift.CampaignCodesParams, query: gift.CampaignCodesQuery, operator: access.exportCodes, response: gift.CampaignCodesResponse },
  submitMusic: { method: 'POST', path: music.submitMusicPath, body: music.SubmitMusicBody, response: music.SubmitMusicResponse },
  listMusic: { method: 'GET', path: music.listMusicPath, query: music.ListMusicQuery, response: music.ListMusicResponse },
  submitOutfit: { method: 'POST', path: outfits.submitOutfitPath, body: outfits.SubmitOutfitBody, response: outfits.SubmitOutfitResponse },
  listOutfits: { method: 'GET', path: outfits.listOutfitsPath, query: outfits.ListOutfitsQuery, response: outfits.ListOutfitsResponse },
  supportMessage: { method: 'POST', path: support.supportMessagePath, body: support.SupportMessageBody, response: support.SupportMessageResponse },
  uploadCredential: { method: 'GET', path: uploads.credentialsPath, query: uploads.CredentialsQuery, response: uploads.CredentialsResponse },
  startUpload: { method: 'POST', path: uploads.startUploadPath, body: uploads.StartUploadBody, response: uploads.StartUploadResponse },
  signUploadParts: { method: 'POST', path: uploads.signPartsPath, body: uploads.SignPartsBody, response: uploads.SignPartsResponse },
  uploadedParts: { method: 'GET', path: uploads.listPartsPath, query: uploads.ListPartsQuery, response: uploads.ListPartsResponse },
  completeUpload: { method: 'POST', path: uploads.completeUploadPath, body: uploads.CompleteUploadBody, response: uploads.CompleteUploadResponse },
  abortUpload: { method: 'POST', path: uploads.abortUploadPath, body: uploads.AbortUploadBody, response: uploads.AbortUploadResponse },
  collectAnalytics: { method: 'POST', path: analytics.collectPath, body: analytics.CollectBody, response: analytics.CollectResponse },
  reportErrors: { method: 'POST', path: analytics.errorReportsPath, body: analytics.ErrorReportsBody, response: analytics.ErrorReportsResponse },
  pageViews: { method: 'GET', path: analytics.listPageViewsPath, query: analytics.ListPageViewsQuery, operator: access.analytics, response: analytics.ListPageViewsResponse },
  errorReports: { method: 'GET', path: analytics.listErrorReportsPath, query: analytics.ListErrorReportsQuery, operator: access.analytics, response: analytics.ListErrorReportsResponse },
  analyticsEvents: { method: 'GET', path: analytics.listEventsPath, query: analytics.ListEventsQuery, operator: access.analytics, response: analytics.ListEventsResponse },
  reviewQueue: { method: 'GET', path: consoleCalls.consoleReviewQueuePath, query: consoleCalls.ReviewQueueQuery, operator: access.reviewer, response: consoleCalls.ReviewQueueResponse },
  reviewMusic: { method: 'POST', path: consoleCalls.consoleReviewMusicPath, body: consoleCalls.ReviewDecisionBody, operator: access.reviewer, response: consoleCalls.ReviewDecisionResponse },
  reviewOutfit: { method: 'POST', path: consoleCalls.consoleReviewOutfitPath, body: consoleCalls.ReviewDecisionBody, operator: access.reviewer, response: consoleCalls.ReviewDecisionResponse },
  reviewClaim: { method: 'POST', path: consoleCalls.consoleReviewClaimPath, body: consoleCalls.ReviewClaimBody, operator: access.reviewer, response: consoleCalls.ReviewClaimResponse },
  reviewBulk: { method: 'POST', path: consoleCalls.consoleReviewBulkPath, body: consoleCalls.ReviewBulkBody, operator: access.reviewer, response: consoleCalls.ReviewBulkResponse },
  searchUsers: { method: 'GET', path: consoleCalls.consoleUserSearchPath, query: consoleCalls.UserSearchQuery, operator: access.support, response: consoleCalls.UserSearchResponse },
  blockUser: { method: 'POST', path: consoleCalls.consoleUserBlockPath, body: consoleCalls.UserBlockBody, operator: access.blockPlayer, response: consoleCalls.UserResponse },
  revokeUserSessions: { method: 'POST', path: consoleCalls.consoleUserRevokeSessionsPath, body: consoleCalls.UserRevokeSessionsBody, operator: access.support, response: consoleCalls.UserResponse },
  audit: { method: 'GET', path: consoleCalls.consoleAuditPath, query: consoleCalls.AuditQuery, operator: access.administrator, response: consoleCalls.AuditResponse },
  siteSettings: { method: 'GET', path: site.consoleSiteSettingsPath, query: site.SiteSettingsQuery, operator: access.content, response: site.SiteSettingsResponse },
  saveSiteSettings: { method: 'POST', path: site.consoleSiteSettingsPath, body: site.SiteSettingsBody, operator: access.contentStepUp, response: site.SiteSettingsResponse },
  analyticsDaily: { method: 'GET', path: daily.consoleAnalyticsDailyPath, query: daily.AnalyticsDailyQuery, operator: access.analytics, response: daily.AnalyticsDailyResponse },
  searchOrders: { method: 'GET', path: consoleOps.consoleOrderSearchPath, query: consoleOps.OrderSearchQuery, operator: access.orders, response: consoleOps.OrderSearchResponse },
  orderDetail: { method: 'GET', path: consoleOps.consoleOrderPath, query: consoleOps.ConsoleOrderQuery, operator: access.orders, response: consoleOps.ConsoleOrderResponse },
  recheckOrder: { method: 'POST', path: consoleOps.consoleOrderRecheckPath, body: consoleOps.OrderRecheckBody, operator: access.support, response: consoleOps.OrderRecheckResponse },
  refundOrder: { method: 'POST', path: consoleOps.consoleOrderRefundPath, body: consoleOps.OrderRefundBody, operator: access.refund, response: consoleOps.OrderRefundResponse },
  uncreditedOrders: { method: 'GET', path: consoleOps.consoleUncreditedOrdersPath, query: consoleOps.UncreditedOrdersQuery, operator: access.finance, response: consoleOps.UncreditedOrdersResponse },
  giftPacks: { method: 'GET', path: consoleOps.consoleGiftPacksPath, query: consoleOps.GiftPacksQuery, operator: access.content, response: consoleOps.GiftPacksResponse },
  setGiftPackLimit: { method: 'POST', path: consoleOps.consoleGiftPackLimitPath, body: consoleOps.GiftPackLimitBody, operator: access.content, response: consoleOps.GiftPackLimitResponse },
  userWallet: { method: 'GET', path: consoleOps.consoleUserWalletPath, query: consoleOps.UserWalletQuery, operator: access.orders, response: consoleOps.UserWalletResponse },
  updateCampaign: { method: 'POST', path: gift.consoleCampaignUpdatePath, body: gift.CampaignUpdateBody, operator: access.content, response: gift.CampaignResponse },
  addCampaignCodes: { method: 'POST', path: gift.consoleCampaignCodesPath, body: gift.CampaignMoreCodesBody, operator: access.content, response: gift.CampaignResponse },
  disableCampaign: { method: 'POST', path: gift.consoleCampaignDisablePath, body: gift.CampaignDisableBody, operator: access.content, response: gift.CampaignResponse },
  labelOverrides: { method: 'GET', path: labels.consoleLabelOverridesPath, query: labels.ListLabelOverridesQuery, operator: access.content, response: labels.ListLabelOverridesResponse },
  setLabelOverride: { method: 'POST', path: labels.consoleLabelOverrideSetPath, body: labels.SetLabelOverrideBody, operator: access.content, response: labels.LabelOverrideResponse },
  removeLabelOverride: { method: 'POST', path: labels.consoleLabelOverrideRemovePath, body: labels.RemoveLabelOverrideBody, operator: access.content, response: labels.RemoveLabelOverrideResponse },
  publishLabels: { method: 'POST', path: labels.consoleLabelPublishPath, body: labels.PublishLabelsBody, operator: access.contentStepUp, response: labels.PublishLabelsResponse },
  exportAccountData: { method: 'GET', path: accountData.accountDataExportPath, query: accountData.AccountDataExportQuery, response: accountData.AccountDataExportResponse },
  accountDeletion: { method: 'GET', path: accountData.accountDeletionPath, query: accountData.AccountDeletionQuery, response: accountData.AccountDeletionStatusResponse },
  requestAccountDeletion: { method: 'POST', path: accountData.accountDeletionRequestPath, body: accountData.AccountDeletionRequestBody, response: accountData.AccountDeletionStatusResponse },
  cancelAccountDeletion: { method: 'POST', path: accountData.accountDeletionCancelPath, body: accountData.AccountDeletionCancelBody, response: accountData.AccountDeletionStatusResponse },
  accountDeletions: { method: 'GET', path: accountData.consoleAccountDeletionsPath, query: accountData.ConsoleAccountDeletionsQuery, operator: access.support, response: accountData.ConsoleAccountDeletionsResponse },
  operatorMe: { method: 'GET', path: operators.operatorMePath, query: operators.OperatorMeQuery, operator: access.ownSignIn, response: operators.OperatorMeResponse },
  startTotp: { method: 'POST', path: operators.totpStartPath, body: operators.TotpStartBody, operator: access.ownSignIn, response: operators.TotpStartResponse },
  confirmTotp: { method: 'POST', path: operators.totpConfirmPath, body: operators.TotpConfirmBody, operator: access.ownSignIn, response: operators.TotpConfirmResponse },
  verifySecondFactor: { method: 'POST', path: operators.verifySecondFactorPath, body: operators.VerifySecondFactorBody, operator: access.ownSignIn, response: operators.VerifySecondFactorResponse },
  operatorPasskeyOptions: { method: 'POST', path: passkeys.operatorPasskeyOptionsPath, body: passkeys.OperatorPasskeyOptionsBody, operator: access.ownSignIn, response: passkeys.PasskeyOptionsResponse },
  addOperatorPasskey: { method: 'POST', path: passkeys.operatorPasskeyAddPath, body: passkeys.OperatorPasskeyAddBody, operator: access.ownSignIn, response: passkeys.OperatorPasskeyAddResponse },
  operatorPasskeyChallenge: { method: 'POST', path: passkeys.operatorPasskeyChallengePath, body: passkeys.OperatorPasskeyChallengeBody, operator: access.ownSignIn, response: passkeys.PasskeyOptionsResponse },
  passkeys: { method: 'GET', path: passkeys.passkeysPath, query: passkeys.PasskeysQuery, response: passkeys.PasskeysResponse },
  passkeyRegistrationOptions: { method: 'POST', path: passkeys.passkeyRegistrationOptionsPath, body: passkeys.PasskeyRegistrationOptionsBody, response: passkeys.PasskeyOptionsResponse },
  addPasskey: { method: 'POST', path: passkeys.addPasskeyPath, body: passkeys.AddPasskeyBody, response: passkeys.PasskeysResponse },
  removePasskey: { method: 'POST', path: passkeys.removePasskeyPath, body: passkeys.RemovePasskeyBody, response: passkeys.PasskeysResponse },
  passkeySignInOptions: { method: 'POST', path: passkeys.passkeySignInOptionsPath, body: passkeys.PasskeySignInOptionsBody, response: passkeys.PasskeyOptionsResponse },
  passkeySignIn: { method: 'POST', path: passkeys.passkeySignInPath, body: passkeys.PasskeySignInBody, response: passkeys.PasskeySignInResponse },
  operators: { method: 'GET', path: operators.operatorsPath, query: operators.OperatorsQuery, operator: access.administrator, response: operators.OperatorsResponse },
  setOperatorRoles: { method: 'POST', path: operators.operatorRolesPath, body: operators.OperatorRolesBody, operator: access.administratorStepUp, response: operators.OperatorResponse },
  revokeOperator: { method: 'POST', path: operators.operatorRevokePath, body: operators.OperatorRevokeBody, operator: access.administratorStepUp, response: operators.OperatorResponse },
  resetOperatorFactors: { method: 'POST', path: operators.operatorResetFactorsPath, body: operators.OperatorResetFactorsBody, operator: access.administratorStepUp, response: operators.OperatorResponse },
  operatorInvitations: { method: 'GET', path: operators.operatorInvitationsPath, query: operators.OperatorInvitationsQuery, operator: access.administrator, response: operators.OperatorInvitationsResponse },
  inviteOperator: { method: 'POST', path: operators.operatorInvitePath, body: operators.OperatorInviteBody, operator: access.administratorStepUp, response: operators.OperatorInvitationResponse },
  cancelOperatorInvitation: { method: 'POST', path: operators.operatorInvitationCancelPath, body: operators.OperatorInvitationCancelBody, operator: access.administrator, response: operators.OperatorInvitationResponse },
  acceptOperatorInvitation: { method: 'POST', path: operators.operatorInvitationAcceptPath, body: operators.OperatorInvitationAcceptBody, response: operators.OperatorInvitationAcceptResponse },
  playerParent: { method: 'GET', path: parental.playerParentPath, query: parental.PlayerParentQuery, response: parental.PlayerParentResponse },
  linkParent: { method: 'POST', path: parental.playerParentLinkPath, body: parental.PlayerParentLinkBody, response: parental.PlayerParentResponse },
  parentConfirm: { method: 'POST', path: parental.parentConfirmPath, body: parental.ParentConfirmBody, response: parental.ParentSessionResponse },
  parentSignInRequest: { method: 'POST', path: parental.parentSignInRequestPath, body: parental.ParentSignInRequestBody, response: parental.ParentSignInRequestResponse },
  parentSignIn: { method: 'POST', path: parental.parentSignInPath, body: parental.ParentSignInBody, response: parental.ParentSessionResponse },
  parentAccount: { method: 'GET', path: parental.parentAccountPath, query: parental.ParentAccountQuery, response: parental.ParentAccountResponse },
  parentSettings: { method: 'POST', path: parental.parentSettingsPath, body: parental.ParentSettingsBody, response: parental.ParentAccountResponse },
  parentUnlink: { method: 'POST', path: parental.parentUnlinkPath, body: parental.ParentUnlinkBody, response: parental.ParentUnlinkResponse },
  parentSignOut: { method: 'POST', path: parental.parentSignOutPath, body: parental.ParentSignOutBody, response: parental.ParentSignOutResponse },
} as const satisfies Record<string, Operation>;

/** The operations an operator calls, by name, with their access rule. */
export const operatorOperations = Object.entries(operations).flatMap(([name, operation]) =>
  'operator' in operation ? [{ name, method: operation.method, path: operation.path, access: operation.operator as OperatorAccess }] : [],
);

export type Operations = typeof operations;
