import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';

/** Loads the address again: the worker makes the invoice's page (outside the app). */
const reload = () => window.location.reload();

/**
 * How long after the connection is back the page is loaded again: the first requests right after
 * the `online` event may still fail (the service worker's fetch saw the network come back after
 * the page did), and the page would land on this screen once more with no event left to wait for.
 */
export const RELOAD_AFTER_ONLINE_MS = 1_000;

/**
 * `/invoices/:id` opened with no network (an e-mail's link, a reload, the bill's link a moment
 * before the connection went). The printable page is made by the worker each time, never kept on
 * the device (it says `no-store`: a guest's own document), so the service worker answers with the
 * app, and the app says why there is no invoice and loads it again once the connection is back.
 */
export function InvoiceOfflineScreen() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const online = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, RELOAD_AFTER_ONLINE_MS);
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer);
    };
  }, []);
  return (
    <main
      className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-10"
      aria-labelledby="invoice-offline-heading"
      data-testid="invoice-offline"
    >
      <h1 id="invoice-offline-heading" className="text-3xl font-bold text-teal-800">
        <Trans>Tax invoice</Trans>
      </h1>
      <p
        role="status"
        className="rounded-2xl border border-dashed border-sand-200 bg-sand-50 p-6 text-slate-800"
      >
        <Trans>
          You are offline: the invoice is made by the hotel's server each time you open it. It opens as soon
          as you are connected again.
        </Trans>
      </p>
      <Button className="self-start" onPress={reload}>
        <Trans>Try again</Trans>
      </Button>
    </main>
  );
}
