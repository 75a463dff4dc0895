import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage } from '@/lib/api-client';
import { disablePush, enablePush, pushStatus, type PushStatus } from '@/lib/push';

/**
 * The desk's "alerts on this tablet": Web Push for every new booking request
 * and prize-draw entry, also when the screen is off or the app closed. On: the browser's
 * permission, then this tablet's subscription kept for the signed-in staff account (staff and
 * admin subscriptions get the staff alerts). Off: forgotten by the worker and the push service.
 */
export function TabletAlertsSwitch() {
  const { t } = useLingui();
  const [status, setStatus] = useState<PushStatus | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  useEffect(() => {
    let live = true;
    void pushStatus().then((s) => live && setStatus(s));
    return () => {
      live = false;
    };
  }, []);

  async function change(on: boolean) {
    setBusy(true);
    try {
      const next = on ? await enablePush() : await disablePush();
      setStatus(next);
      if (on && next !== 'on') {
        showToast({
          variant: 'error',
          title: t`Alerts could not be turned on`,
          description:
            next === 'blocked'
              ? t`Notifications are blocked in this browser's settings.`
              : t`Allow notifications when the browser asks.`,
        });
      }
    } catch (error) {
      showToast({
        variant: 'error',
        title: on ? t`Alerts could not be turned on` : t`Alerts could not be turned off`,
        description: errorMessage(error, t`Check the connection and try again.`),
      });
    } finally {
      setBusy(false);
    }
  }

  if (status === 'unsupported') {
    return (
      <p className="text-sm text-slate-600">
        <Trans>This browser cannot show alerts when the app is closed.</Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-0.5">
      <Switch
        isSelected={status === 'on'}
        isDisabled={status === 'loading' || status === 'blocked' || busy}
        onChange={(on) => void change(on)}
        aria-describedby={hintId}
      >
        <Trans>Alerts on this tablet</Trans>
      </Switch>
      <span id={hintId} className="text-sm text-slate-600">
        {status === 'blocked' ? (
          <Trans>Notifications are blocked in this browser's settings.</Trans>
        ) : (
          <Trans>A notification for every new booking request and entry, even with the app closed.</Trans>
        )}
      </span>
    </div>
  );
}
