import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import { useLanguage } from '@/hooks/use-language';
import { formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import type { CheckBody, OutletScreenData } from '../api/outlets';

export type Settle = CheckBody['settle'];
type Room = OutletScreenData['rooms'][number];

/**
 * How a check is settled: to an in-house room (a room button each, the guest's surname to
 * compare once chosen; a room that takes no charge is shown with its reason and cannot be chosen)
 * or paid here (cash, or card with the terminal's approval code).
 */
export function SettlePanel({
  rooms,
  disabled,
  onSettle,
}: {
  rooms: Room[];
  disabled: boolean;
  onSettle: (settle: Settle) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const [mode, setMode] = useState<'room' | 'paid'>('room');
  const [room, setRoom] = useState<Room | null>(null);
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [approvalCode, setApprovalCode] = useState('');

  return (
    <div className="flex flex-col gap-3" data-testid="settle-panel">
      <RadioGroup
        label={t`Settle the check`}
        value={mode}
        onChange={(value) => setMode(value as 'room' | 'paid')}
        orientation="horizontal"
      >
        <RadioOption value="room">
          <Trans>Charge to a room</Trans>
        </RadioOption>
        <RadioOption value="paid">
          <Trans>Paid here</Trans>
        </RadioOption>
      </RadioGroup>
      {mode === 'room' ? (
        <>
          {rooms.length === 0 ? (
            <p className="text-slate-700">
              <Trans>No guest is in house: take payment here.</Trans>
            </p>
          ) : (
            <ul className="grid grid-cols-3 gap-2" aria-label={t`Rooms in house`} data-testid="outlet-rooms">
              {rooms.map((r) => (
                <li key={r.roomNumber}>
                  <Button
                    variant={room?.roomNumber === r.roomNumber ? 'primary' : 'secondary'}
                    className="min-h-14 w-full"
                    isDisabled={r.refusal !== null}
                    onPress={() => setRoom(r)}
                    aria-pressed={room?.roomNumber === r.roomNumber}
                    data-testid={`outlet-room-${r.roomNumber}`}
                  >
                    {formatRoomNumber(r.roomNumber, language)}
                  </Button>
                  {r.refusal === 'room_guest_flagged' ? (
                    <span className="text-xs text-red-700">
                      <Trans>No charges: see the desk</Trans>
                    </span>
                  ) : r.refusal === 'room_credit_exceeded' ? (
                    <span className="text-xs text-red-700">
                      <Trans>No credit left</Trans>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {room ? (
            <div className="flex flex-col gap-2 rounded-xl bg-sand-50 p-3" data-testid="outlet-room-guest">
              <p>
                <Trans>
                  Room {formatRoomNumber(room.roomNumber, language)}: the guest's surname is{' '}
                  <strong className="text-lg">{room.surname}</strong>. Ask the guest theirs and compare.
                </Trans>
              </p>
              <p className="text-sm text-slate-700">
                <Trans>
                  The room can take <bdi>{formatPrice(room.creditLeftBaisa, language)}</bdi> more.
                </Trans>
              </p>
              <Button
                className="min-h-14 text-lg"
                isDisabled={disabled}
                onPress={() =>
                  onSettle({ kind: 'room', roomNumber: room.roomNumber, guestSurname: room.surname })
                }
                data-testid="charge-room"
              >
                <Trans>The surname matches: charge room {formatRoomNumber(room.roomNumber, language)}</Trans>
              </Button>
            </div>
          ) : null}
        </>
      ) : (
        <div className="flex flex-col gap-3">
          <RadioGroup
            label={t`Paid by`}
            value={method}
            onChange={(value) => setMethod(value as 'cash' | 'card')}
            orientation="horizontal"
          >
            <RadioOption value="cash">
              <Trans>Cash</Trans>
            </RadioOption>
            <RadioOption value="card">
              <Trans>Card</Trans>
            </RadioOption>
          </RadioGroup>
          {method === 'card' ? (
            <TextField
              label={t`The terminal's approval code`}
              description={t`As on the card terminal's slip (letters and digits)`}
              value={approvalCode}
              onChange={setApprovalCode}
              inputDir="ltr"
            />
          ) : null}
          <Button
            className="min-h-14 text-lg"
            isDisabled={disabled}
            onPress={() =>
              onSettle(method === 'card' ? { kind: 'paid', method, approvalCode } : { kind: 'paid', method })
            }
            data-testid="take-payment"
          >
            <Trans>Take payment and issue the invoice</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
