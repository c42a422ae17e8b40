import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useRevalidate } from '../../../shared/navigation/site-router';
import { clearSession } from '../../../shared/session/session-store';
import { useToast } from '../../../shared/ui/toast';
import { logout } from '../api/logout';

/**
 * Logout (spec section 4): the server revokes the session, then token, user info and the stored
 * keys are cleared. The session ends on this device even when the server cannot be reached. The
 * route guard then runs again, so a protected page does not stay on screen.
 */
export function useLogout() {
  const { t } = useTranslation();
  const toast = useToast();
  const revalidate = useRevalidate();
  // A plain action, not a TanStack mutation: the header is on every page, and a page that reads no
  // server state loads no TanStack code (decision 0124).
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    // Already invalid on the server, or offline: clearing locally is what the visitor asked for.
    await logout().catch(() => undefined);
    clearSession();
    setPending(false);
    toast.show(t('auth.menu.logged_out'), 'success');
    revalidate();
  };

  return { logout: () => void run(), pending };
}
