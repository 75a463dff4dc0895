import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { BellIcon, CloseIcon } from '@/components/more-icons';
import { enablePush } from '@/lib/push';
import { closePushOptIn, rememberPushRefusal } from '@/lib/push-offer-rules';
import { useOnline } from '@/lib/use-online';

/**
 * The guests' Web Push prompt: a small card under the header, in the page's
 * flow (it covers nothing), brought into view when it appears, offered right after a booking request or a prize-draw entry is sent
 * (lib/push-offer-rules.ts), never on page load. "Turn on" asks the browser's permission and subscribes this device; "Not now"
 * (or closing it) is remembered on the device, and it is not offered again. Offline it waits
 * (turning notifications on needs the network: the browser's push service and the hotel's server),
 * and appears once the network is back, the booking kept on the phone meanwhile. A lazy chunk.
 */
/**
 * Whether a panel or modal is open (hooks/use-hide-header.ts marks <html>): the card waits for
 * it to close, since react-aria makes everything outside an open modal inert.
 */
function subscribePanels(listener: () => void) {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-panel-open'] });
  return () => observer.disconnect();
}
const panelOpen = () => document.documentElement.dataset.panelOpen !== undefined;

export default function PushOptIn() {
  const { t } = useLingui();
  const [state, setState] = useState<'asking' | 'working' | 'failed' | 'blocked'>('asking');
  const online = useOnline();
  const waiting = useSyncExternalStore(subscribePanels, panelOpen, () => true) || !online;
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!waiting) card.current?.scrollIntoView({ block: 'nearest' });
  }, [waiting]);

  const notNow = () => {
    rememberPushRefusal();
    closePushOptIn();
  };
  const turnOn = async () => {
    setState('working');
    try {
      const status = await enablePush();
      if (status === 'on') {
        closePushOptIn();
        return;
      }
      // Refused in the browser's own question: not asked again from here.
      rememberPushRefusal();
      setState(status === 'blocked' ? 'blocked' : 'failed');
    } catch {
      setState('failed');
    }
  };

  if (waiting) return null;
  return (
    <div
      ref={card}
      role="dialog"
      aria-modal="false"
      aria-labelledby="push-opt-in-title"
      aria-describedby="push-opt-in-text"
      data-testid="push-opt-in"
      className="mx-3 mt-3 scroll-mt-20 rounded-2xl border border-teal-800/20 bg-white p-4 shadow-md sm:mx-auto sm:max-w-md"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 rounded-full bg-teal-50 p-2 text-teal-800">
          <BellIcon />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="push-opt-in-title" className="text-base font-bold text-slate-900">
            <Trans>Hear from us on this device?</Trans>
          </h2>
          <p id="push-opt-in-text" className="mt-1 text-sm text-slate-700">
            {state === 'blocked' ? (
              <Trans>Notifications are blocked in this browser's settings.</Trans>
            ) : state === 'failed' ? (
              <Trans>Notifications could not be turned on. Please try again later.</Trans>
            ) : (
              <Trans>
                We will tell you as soon as your booking is approved or your draw entry is reviewed, even when
                the app is closed.
              </Trans>
            )}
          </p>
        </div>
        <Button variant="ghost" className="-m-1 shrink-0 p-1.5" aria-label={t`Close`} onPress={notNow}>
          <CloseIcon />
        </Button>
      </div>
      {(state === 'asking' || state === 'working') && (
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={notNow}>
            <Trans>Not now</Trans>
          </Button>
          <Button variant="primary" isPending={state === 'working'} onPress={() => void turnOn()}>
            <Trans>Turn on notifications</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
