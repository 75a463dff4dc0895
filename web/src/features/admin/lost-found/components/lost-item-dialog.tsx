import { Trans, useLingui } from '@lingui/react/macro';
import { BookingReference } from '@/components/booking-reference';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { LoadError } from '@/components/load-error';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { type LostItemStep, useLostItem, useLostItemStep } from '../api/lost-found';

type Action = 'found' | 'matched' | 'unmatched' | 'notified' | 'returned' | 'disposed';

/**
 * One found item for the front desk: its log (each step, by whom, when), the stays it may belong to
 * (the room's stays of the night before and the night it was found; the server's suggestion is the
 * one matched), telling the guest by e-mail (once), handing it back, disposing of it once its keeping
 * period is over. The default export, a lazy chunk of its own.
 */
export default function LostItemDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const detail = useLostItem(id);
  const step = useLostItemStep(id);
  const [contactName, setContactName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const actions: Record<Action, ReactNode> = {
    found: <Trans>Found</Trans>,
    matched: <Trans>Matched to a stay</Trans>,
    unmatched: <Trans>Match cleared</Trans>,
    notified: <Trans>Guest told by e-mail</Trans>,
    returned: <Trans>Handed back</Trans>,
    disposed: <Trans>Disposed of</Trans>,
  };

  function run(input: LostItemStep) {
    step.mutate(input, {
      onSuccess: (result) => showToast({ variant: 'success', title: result.message }),
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        showToast({
          variant: 'error',
          title: t`The item was not changed`,
          description: errorMessage(error, t`Please try again.`),
        });
      },
    });
  }

  const item = detail.data?.item;
  const held = item?.status === 'held';
  return (
    <Modal isOpen size="md" title={t`Found item`} onOpenChange={(open) => !open && onClose()}>
      {detail.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : detail.isError ? (
        <LoadError onRetry={() => void detail.refetch()}>
          {errorMessage(detail.error, t`The item could not be loaded.`)}
        </LoadError>
      ) : (
        <div className="flex flex-col gap-4" data-testid="lost-item-detail">
          <p className="font-bold text-slate-900">
            <bdi>{detail.data.item.description}</bdi>
          </p>
          {held && detail.data.candidates.length > 0 && (
            <section aria-labelledby="lf-candidates" className="flex flex-col gap-2">
              <h3 id="lf-candidates" className="font-semibold text-slate-900">
                <Trans>Stays that had the room</Trans>
              </h3>
              <ul className="flex flex-col gap-2">
                {detail.data.candidates.map((stay) => {
                  const chosen = detail.data.item.stay?.id === stay.id;
                  const from = formatDate(stay.checkInDate, language);
                  const to = formatDate(stay.checkOutDate, language);
                  return (
                    <li
                      key={stay.id}
                      className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sand-50 p-2"
                    >
                      <span className="text-sm">
                        <bdi>{stay.fullName}</bdi> · <BookingReference reference={stay.reference} /> · {from}{' '}
                        – {to}
                      </span>
                      <Button
                        variant={chosen ? 'secondary' : 'primary'}
                        className="px-3 py-1.5 text-sm"
                        onPress={() => run({ step: 'match', bookingId: chosen ? null : stay.id })}
                      >
                        {chosen ? <Trans>Clear the match</Trans> : <Trans>Match</Trans>}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          {held && (
            <div className="flex flex-col gap-3">
              {detail.data.item.stay && detail.data.item.notifiedAt === null && (
                <Button
                  onPress={() => run({ step: 'notify' })}
                  isDisabled={!detail.data.item.stay.hasAddress}
                  data-testid="notify-guest"
                >
                  <Trans>Tell the guest by e-mail</Trans>
                </Button>
              )}
              <TextField
                label={t`Handed back to`}
                value={contactName}
                onChange={setContactName}
                isInvalid={!!errors.contactName}
                errorMessage={errors.contactName}
              />
              <div className="flex flex-wrap gap-2">
                <Button onPress={() => run({ step: 'return', contactName })} data-testid="hand-back">
                  <Trans>Hand back</Trans>
                </Button>
                {detail.data.item.due && (
                  <Button variant="danger" onPress={() => run({ step: 'dispose' })}>
                    <Trans>Dispose of</Trans>
                  </Button>
                )}
              </div>
            </div>
          )}
          <section aria-labelledby="lf-log" className="flex flex-col gap-1">
            <h3 id="lf-log" className="font-semibold text-slate-900">
              <Trans>Steps</Trans>
            </h3>
            <ol className="flex flex-col gap-1 text-sm text-slate-700" data-testid="lost-item-log">
              {detail.data.log.map((line) => (
                <li key={line.id}>
                  {actions[line.action]} · <bdi>{line.actor ?? '—'}</bdi> ·{' '}
                  {formatDateTime(line.at, language)}
                  {line.note ? (
                    <>
                      {' '}
                      · <bdi>{line.note}</bdi>
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Modal>
  );
}
