import { translator } from '../shared/i18n/translator';
import { AppError } from '@vsp/contract/app-error';
import { loginUrlFor } from '../features/auth/login-redirect';
import { isMobileDevice } from '../shared/device/device';
import { codeMessage } from '../shared/http/error-message';
import { getOwnAccount } from '../shared/session/own-account';
import { clearSession, getSession, saveSession } from '../shared/session/session-store';
import { noticeAfterNavigation } from './navigation-notices';
import { createRouteGuard, type LoginCheck } from './route-guard';

/** Call 2 with the stored session; a fresher nickname from the server replaces the stored one. */
async function checkLogin(): Promise<LoginCheck> {
  try {
    const info = await getOwnAccount();
    const session = getSession();
    if (session && (session.userInfo?.nickname !== info.nickname || session.userInfo?.userName !== info.userName)) {
      saveSession(session.token, { uid: info.uid, nickname: info.nickname, userName: info.userName });
    }
    return { ok: true };
  } catch (error) {
    // The server refused the session: it is over (spec section 4, log out on failure). A network
    // failure proves nothing about the session, so it stays for the next try.
    if (error instanceof AppError) return { ok: false, code: error.code, clearSession: true };
    return { ok: false, code: undefined, clearSession: false };
  }
}

/** The website's route guard: the rules of route-guard.ts on this device, session and server. */
export function createSiteRouteGuard() {
  return createRouteGuard({
    isMobile: () => isMobileDevice(),
    hasSession: () => getSession() !== null,
    checkLogin,
    clearSession,
    notify: (code) =>
      noticeAfterNavigation((code !== undefined && codeMessage(code, translator.t)) || translator.t('auth.guard.verify_failed')),
    loginUrlFor,
  });
}
