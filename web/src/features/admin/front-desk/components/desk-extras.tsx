import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { formatTimeOfDay } from '@/lib/format-time';
import type { DeskBooking } from '../api/front-desk';
import { useAnswerExtraRequest } from '../api/extra-requests';

type DeskExtra = DeskBooking['extras'][number];

/**
 * A stay's extras on the desk's lists (docs/decisions/098-stay-extras.md): each bought or asked for,
 * as the desk needs it (an upgrade: the new type; an early check-in or late check-out: its hour; a
 * transfer: the flight and its time), and, for a request, Approve or Decline with a reason.
 */
export function DeskExtras({ extras, online }: { extras: DeskExtra[]; online: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const roomName = useRoomName();
  const answer = useAnswerExtraRequest();
  const [declining, setDeclining] = useState<DeskExtra | null>(null);
  if (extras.length === 0) return null;

  const approve = (extra: DeskExtra) =>
    answer.mutate(
      { id: extra.id, decision: 'approve' },
      {
        onSuccess: (result) => showToast({ variant: 'success', title: result.message }),
        onError: (failure) =>
          showToast({
            variant: 'error',
            title: t`The request was not approved`,
            description: errorMessage(failure, t`Please try again.`),
          }),
      },
    );

  return (
    <div className="flex flex-col gap-1" data-testid="desk-extras">
      <ul className="flex flex-wrap gap-2">
        {extras.map((extra) => {
          const name = language === 'ar' ? extra.nameAr : extra.nameEn;
          const time = extra.time ? formatTimeOfDay(extra.time, language) : '';
          const detail =
            extra.kind === 'upgrade' && extra.toRoomType
              ? t`now ${roomName(extra.toRoomType)}`
              : extra.kind === 'early_check_in' && time
                ? t`ready by ${time}`
                : extra.kind === 'late_check_out' && time
                  ? t`until ${time}`
                  : extra.kind === 'transfer' && extra.flightNumber
                    ? t`flight ${extra.flightNumber}, ${time}`
                    : '';
          return (
            <li
              key={extra.id}
              className={`flex flex-wrap items-center gap-2 rounded-xl px-2.5 py-1 text-sm ${extra.status === 'requested' ? 'bg-amber-100 text-amber-950' : 'bg-teal-50 text-teal-900'}`}
              data-testid="desk-extra"
              data-kind={extra.kind}
              data-status={extra.status}
            >
              <span className="font-semibold">{name}</span>
              {detail ? <bdi>{detail}</bdi> : null}
              <span>{formatPrice(extra.totalBaisa, language)}</span>
              {extra.status === 'requested' ? (
                <>
                  <span className="font-semibold">
                    <Trans>asks for it</Trans>
                  </span>
                  <Button
                    variant="secondary"
                    isDisabled={!online}
                    isPending={answer.isPending && answer.variables?.id === extra.id}
                    onPress={() => approve(extra)}
                    data-testid="desk-extra-approve"
                  >
                    <Trans>Approve</Trans>
                  </Button>
                  <Button
                    variant="ghost"
                    isDisabled={!online}
                    onPress={() => setDeclining(extra)}
                    data-testid="desk-extra-decline"
                  >
                    <Trans>Decline</Trans>
                  </Button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {declining ? (
        <Modal
          title={t`Decline the request`}
          isOpen
          onOpenChange={(open) => (!open ? setDeclining(null) : undefined)}
        >
          <DeclineForm extra={declining} onDone={() => setDeclining(null)} />
        </Modal>
      ) : null}
    </div>
  );
}

function DeclineForm({ extra, onDone }: { extra: DeskExtra; onDone: () => void }) {
  const { t } = useLingui();
  const answer = useAnswerExtraRequest();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    answer.mutate(
      { id: extra.id, decision: 'decline', reason },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onDone();
        },
        onError: (failure) =>
          setError(fieldErrorsOf(failure).reason ?? errorMessage(failure, t`Please try again.`)),
      },
    );
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t`Why (the guest reads it)`}
        value={reason}
        onChange={setReason}
        multiline
        isRequired
        isInvalid={!!error}
        errorMessage={error}
      />
      <div className="flex gap-2">
        <Button type="submit" isPending={answer.isPending}>
          <Trans>Decline</Trans>
        </Button>
        <Button variant="secondary" onPress={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
