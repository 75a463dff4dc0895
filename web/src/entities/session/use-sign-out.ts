import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { TIMING } from '@shared/constants';
import { showToast } from '@/components/ui/toast-queue';
import { logoutAndClear } from './logout';

/**
 * Spec section 4: logout clears local data and the cache, shows a toast, then
 * goes to /login after 500 ms, also when the server cannot be reached (then
 * the toast says only this device was signed out). The follow-up lives in the
 * mutation's own options, so it runs even if the button's screen unmounts.
 */
export function useSignOut() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    networkMode: 'always',
    mutationFn: () => logoutAndClear(queryClient),
    onSuccess: ({ message }) => {
      showToast(
        message === null
          ? {
              variant: 'success',
              title: t`Logged out on this device`,
              description: t`The server could not be reached; your data on this device was cleared.`,
            }
          : { variant: 'success', title: t`Logged out`, description: t`Thank you for using our services` },
      );
      window.setTimeout(() => void navigate('/login', { replace: true }), TIMING.logoutRedirect);
    },
  });
}
