import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { stayNights } from '@shared/dates';
import { BookingReference } from '@/components/booking-reference';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal } from '@/components/ui/dialog';
import { Select, SelectItem } from '@/components/ui/select';
import { showToast } from '@/components/ui/toast-queue';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import {
  type RoomSuggestion,
  type SuggestedAssignment,
  useApplyAssignments,
  useSuggestion,
} from '../api/tape-chart';
import { nightsCount, roomStatusLabel } from '../lib/labels';
import { formatReference } from '@/lib/format-reference';

/**
 * "Suggest rooms for today and tomorrow": the server's proposal for the two days' arrivals
 * without a room, to review — untick a stay, pick another free room — before one "Save" applies
 * the ticked ones together (all or nothing).
 */
export function SuggestionDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const suggestion = useSuggestion(date, true);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Suggested rooms</Trans>}
      size="lg"
    >
      {suggestion.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Finding free rooms…</Trans>
        </p>
      ) : suggestion.isError ? (
        <p role="alert" className="text-red-800">
          <Trans>The suggestion could not be loaded. Check your connection and try again.</Trans>
        </p>
      ) : (
        <Review key={suggestion.dataUpdatedAt} suggestion={suggestion.data} onClose={onClose} />
      )}
    </Modal>
  );
}

type Pick = { checked: boolean; roomId: number };

function Review({ suggestion, onClose }: { suggestion: RoomSuggestion; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const apply = useApplyAssignments();
  const [picks, setPicks] = useState<Map<number, Pick>>(
    () => new Map(suggestion.assignments.map((a) => [a.bookingId, { checked: true, roomId: a.roomId }])),
  );
  const chosen = suggestion.assignments.filter((a) => picks.get(a.bookingId)?.checked);
  const set = (bookingId: number, change: Partial<Pick>) =>
    setPicks((old) => new Map(old).set(bookingId, { ...old.get(bookingId)!, ...change }));

  /** The rooms a stay may take: free for it, and not picked by another ticked stay on a shared night. */
  const optionsFor = (a: SuggestedAssignment) => {
    const mine = new Set(stayNights(a.checkInDate, a.checkOutDate));
    const takenByOthers = new Set(
      chosen
        .filter((o) => o.bookingId !== a.bookingId)
        .filter((o) => stayNights(o.checkInDate, o.checkOutDate).some((n) => mine.has(n)))
        .map((o) => picks.get(o.bookingId)!.roomId),
    );
    return a.candidates.filter((c) => !takenByOthers.has(c.roomId));
  };

  const save = () =>
    apply.mutate(
      chosen.map((a) => ({ bookingId: a.bookingId, roomId: picks.get(a.bookingId)!.roomId })),
      {
        onSuccess: () => {
          const n = chosen.length;
          const count = formatCount(n, language);
          showToast({
            variant: 'success',
            title: plural(n, { one: `${count} room assigned`, other: `${count} rooms assigned` }),
          });
          onClose();
        },
        onError: (error) => {
          const reference = fieldErrorsOf(error).reference;
          showToast({
            variant: 'error',
            title: t`The rooms could not be saved`,
            description: `${errorMessage(error, t`Check your connection and try again.`)}${reference ? ` (${formatReference(reference)})` : ''}`,
          });
        },
      },
    );

  if (suggestion.assignments.length === 0 && suggestion.unplaceable.length === 0)
    return (
      <p className="rounded-xl bg-sand-100 p-4 text-slate-800" data-testid="suggestion-empty">
        <Trans>Every arrival of today and tomorrow already has a room.</Trans>
      </p>
    );

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">
        <Trans>
          Untick a stay to leave it out, or choose another room. Nothing is saved until you press Save.
        </Trans>
      </p>
      <ul className="flex flex-col gap-3" data-testid="suggestion-list">
        {suggestion.assignments.map((a) => {
          const pick = picks.get(a.bookingId)!;
          const options = optionsFor(a);
          const room = a.candidates.find((c) => c.roomId === pick.roomId);
          const notClean = room && room.status !== 'clean' && room.status !== 'inspected';
          return (
            <li
              key={a.bookingId}
              className="flex flex-col gap-2 rounded-xl border border-sand-200 p-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="suggestion-row"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <Checkbox isSelected={pick.checked} onChange={(checked) => set(a.bookingId, { checked })}>
                  <span dir="auto" className="font-bold">
                    {a.guestName}
                  </span>
                </Checkbox>
                <span className="text-sm text-slate-700">
                  <BookingReference reference={a.reference} /> · {roomName(a.roomType)} ·{' '}
                  {formatDate(a.checkInDate, language)} ·{' '}
                  {nightsCount(stayNights(a.checkInDate, a.checkOutDate).length, language)}
                </span>
                {notClean && pick.checked ? (
                  <span className="text-sm font-semibold text-amber-900" data-testid="suggestion-not-clean">
                    <Trans>Not clean yet: housekeeping must clean it before the guest arrives.</Trans>
                  </span>
                ) : null}
              </div>
              <Select
                label={t`Room for ${a.guestName}`}
                className="sm:w-56"
                isDisabled={!pick.checked}
                selectedKey={pick.roomId}
                onSelectionChange={(key) => key !== null && set(a.bookingId, { roomId: Number(key) })}
                items={options}
              >
                {(option) => (
                  // textValue is the typeahead's key: the collator matches "٢٠" and "20" alike.
                  <SelectItem id={option.roomId} textValue={option.number}>
                    {formatRoomNumber(option.number, language)} · {roomStatusLabel(i18n, option.status)}
                  </SelectItem>
                )}
              </Select>
            </li>
          );
        })}
      </ul>
      {suggestion.unplaceable.length > 0 && (
        <section
          className="flex flex-col gap-2 rounded-xl bg-amber-50 p-3"
          data-testid="suggestion-unplaceable"
        >
          <h3 className="font-bold text-amber-950">
            <Trans>No free room of the booked type</Trans>
          </h3>
          <ul className="flex flex-col gap-1 text-amber-950">
            {suggestion.unplaceable.map((u) => (
              <li key={u.bookingId}>
                {u.guestName} · <BookingReference reference={u.reference} /> · {roomName(u.roomType)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          onPress={save}
          isDisabled={chosen.length === 0 || apply.isPending}
          data-testid="suggestion-save"
        >
          <Trans>Save</Trans>
        </Button>
        <Button variant="ghost" onPress={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
