import { Trans } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { LinkButton, Button } from '@/components/ui/button';
import { type StayRegistration, useRegistrations } from '@/entities/admin/registrations/registrations-api';
import { RegistrationStateBadge, useMissingWords } from '@/entities/admin/registrations/registration-words';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { lazy } from '@/lib/lazy';

const CompleteRegistrationDialog = lazy(
  () => import('@/entities/admin/registrations/complete-registration-dialog'),
);
const CorrectRegistrationDialog = lazy(
  () => import('@/entities/admin/registrations/correct-registration-dialog'),
);

/**
 * The desk's police registrations still to do today (docs/decisions/093): the incomplete ones
 * first, with what is missing and "Complete" right here, then those ready to send (one the police
 * refused with their reason and "Correct" right here); the file and "mark as sent" are on
 * /admin/registrations. Nothing shown when all is sent.
 */
export function DeskRegistrations({ today, online }: { today: string; online: boolean }) {
  const language = useLanguage();
  const missingWords = useMissingWords();
  const list = useRegistrations(today);
  const [completing, setCompleting] = useState<StayRegistration | null>(null);
  const [correcting, setCorrecting] = useState<StayRegistration | null>(null);
  const todo = (list.data ?? []).filter((r) => r.state !== 'sent');
  if (todo.length === 0) return null;
  const incomplete = todo.filter((r) => r.state === 'incomplete');
  const ready = todo.filter((r) => r.state !== 'incomplete');
  const incompleteCount = formatCount(incomplete.length, language);
  const readyCount = formatCount(ready.length, language);
  return (
    <section
      aria-labelledby="desk-registrations-title"
      className="flex flex-col gap-3 rounded-2xl border border-amber-700/30 bg-amber-50 p-4"
      data-testid="desk-registrations"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h2 id="desk-registrations-title" className="text-lg font-bold text-amber-950">
            <Trans>Police registrations to do</Trans>
          </h2>
          <p className="text-sm text-slate-800" data-testid="desk-registrations-summary">
            <Trans>
              {incompleteCount} incomplete, {readyCount} ready to send.
            </Trans>
          </p>
        </div>
        <LinkButton variant="secondary" href="/admin/registrations">
          <Trans>Send to the police</Trans>
        </LinkButton>
      </div>
      <ul className="flex flex-col gap-2">
        {[...incomplete, ...ready].map((r) => (
          <li
            key={r.bookingId}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-white p-3"
            data-testid={`desk-registration-${r.bookingId}`}
          >
            <span className="font-semibold text-slate-900">{r.fullName}</span>
            {r.roomNumber ? (
              <span className="text-slate-700">
                <Trans>Room {formatRoomNumber(r.roomNumber, language)}</Trans>
              </span>
            ) : null}
            <RegistrationStateBadge state={r.state} />
            {r.state === 'incomplete' ? (
              <>
                <span className="text-sm text-amber-950">
                  <Trans>Missing: {missingWords(r.missing, r.companions)}</Trans>
                </span>
                <Button
                  className="ms-auto"
                  isDisabled={!online}
                  onPress={() => setCompleting(r)}
                  data-testid={`desk-registration-complete-${r.bookingId}`}
                >
                  {/* The visible word first, then whose (for a screen reader): the name holds what is seen. */}
                  <Trans>Complete</Trans>
                  <span className="sr-only">
                    {' '}
                    <bdi>{r.fullName}</bdi>
                  </span>
                </Button>
              </>
            ) : null}
            {r.state === 'failed' ? (
              <>
                {r.failedReason ? <span className="text-sm text-red-800">{r.failedReason}</span> : null}
                <Button
                  className="ms-auto"
                  isDisabled={!online}
                  onPress={() => setCorrecting(r)}
                  data-testid={`desk-registration-correct-${r.bookingId}`}
                >
                  <Trans>Correct</Trans>
                  <span className="sr-only">
                    {' '}
                    <bdi>{r.fullName}</bdi>
                  </span>
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {completing ? (
        <Suspense fallback={null}>
          <CompleteRegistrationDialog registration={completing} onClose={() => setCompleting(null)} />
        </Suspense>
      ) : null}
      {correcting ? (
        <Suspense fallback={null}>
          <CorrectRegistrationDialog registration={correcting} onClose={() => setCorrecting(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
