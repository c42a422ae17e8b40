import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { clearSession } from '../../../shared/session/session-store';
import { useToast } from '../../../shared/ui/toast';
import { logout } from '../api/auth-api';

/**
 * Logout (spec section 4): the server revokes the session, then token, user info and the stored
 * keys are cleared. The session ends on this device even when the server cannot be reached. The
 * route guard then runs again, so a protected page does not stay on screen.
 */
export function useLogout() {
  const { t } = useTranslation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const { mutate, isPending } = useMutation({
    // Already invalid on the server, or offline: clearing locally is what the visitor asked for.
    mutationFn: () => logout().catch(() => undefined),
    onSuccess: () => {
      clearSession();
      toast.show(t('auth.menu.logged_out'), 'success');
      void revalidator.revalidate();
    },
  });

  return { logout: () => mutate(), pending: isPending };
}
