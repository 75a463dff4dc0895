import { Trans, useLingui } from '@lingui/react/macro';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { refusalLabel } from '@/entities/admin/payments/payment-words';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useRefusedEvents } from '../api/payments';

/**
 * The webhooks refused, newest first: a forgery (a wrong signature), a stale copy, an amount or a
 * checkout that is not ours. They changed nothing; staff see them to notice an attack or a
 * provider that disagrees. The default export, a lazy chunk.
 */
export default function RefusedEvents() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const events = useRefusedEvents();
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  if (events.isPending) {
    return (
      <p role="status" className="text-slate-700">
        <Trans>Loading the refused webhooks…</Trans>
      </p>
    );
  }
  if (events.isError && !events.data) {
    return (
      <LoadError onRetry={() => void events.refetch()}>
        {errorMessage(events.error, t`The refused webhooks could not be loaded.`)}
      </LoadError>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="refused-events">
      <p className="text-slate-700">
        <Trans>
          Messages that claimed to come from the payment provider and were refused. They changed nothing.
        </Trans>
      </p>
      {rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
          <Trans>No webhook was refused.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {rows.map((event) => (
            <li
              key={event.id}
              className="grid gap-1 rounded-xl border border-sand-200 bg-white p-3 text-sm sm:grid-cols-[12rem_1fr_auto] sm:items-baseline sm:gap-4"
              data-testid="refused-event"
            >
              <span className="text-slate-700">{formatDateTime(event.receivedAt, language)}</span>
              <span className="flex flex-col">
                <span className="font-semibold text-slate-900">{refusalLabel(i18n, event.reason)}</span>
                <bdi dir="ltr" className="font-mono text-xs break-all text-slate-700">
                  {event.provider} · {event.type} · {event.eventId}
                </bdi>
              </span>
              <span className="text-slate-900 tabular-nums">
                {event.amountBaisa === null ? '—' : formatPrice(event.amountBaisa, language)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {events.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          isDisabled={events.isFetchingNextPage}
          onPress={() => void events.fetchNextPage()}
        >
          <Trans>Show more</Trans>
        </Button>
      ) : null}
    </div>
  );
}
