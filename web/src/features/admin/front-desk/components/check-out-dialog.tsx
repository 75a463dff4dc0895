import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { DESK_PAYMENT_METHODS } from '@shared/folio';
import { approvalCodeSchema } from '@shared/folio-schemas';
import { nightsBetween } from '@shared/money';
import { departureOnCheckOut } from '@shared/early-departure';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/text-field';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { Modal } from '@/components/ui/dialog';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { showToast } from '@/components/ui/toast-queue';
import { paymentMethodLabel } from '@/entities/folio/folio-words';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { nightsCount } from '@/lib/counts';
import { formatDate, formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { useOnline } from '@/lib/use-online';
import { balanceDueOf, dueAtCheckOut, invoiceIdOf, useCheckOut, useCompanyAccounts } from '../api/check-out';
import type { DeskBooking } from '../api/front-desk';

type DeskMethod = (typeof DESK_PAYMENT_METHODS)[number];

type Step =
  { kind: 'ask' } | { kind: 'due'; balanceBaisa: number } | { kind: 'done'; invoiceId: number | null };

/**
 * The desk's check-out, asked first: who leaves which room, what an early departure releases, and
 * the folio's balance so far. The server posts any night not yet posted and checks out only a
 * settled folio: when it answers `balance_due`, the dialog offers to take the balance (cash, card
 * or bank transfer; then the check-out) or to move it to a company account. Once out, the tax
 * invoice it issued can be printed. The default export, a lazy chunk.
 */
export default function CheckOutDialog({
  booking,
  today,
  onClose,
  onOpenFolio,
}: {
  booking: DeskBooking;
  today: string;
  onClose: () => void;
  onOpenFolio: () => void;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const checkOut = useCheckOut(booking.id);
  const [step, setStep] = useState<Step>({ kind: 'ask' });
  const [refusal, setRefusal] = useState<string | null>(null);
  // The payment taken at check-out: one key per payment, kept if no answer came back.
  const [key, setKey] = useState(() => crypto.randomUUID());
  // A manager's decision to refund a non-refundable stay's unused nights, and its reason.
  const isManager = hasRole(useCurrentUser().data, 'manager');
  const [refundUnused, setRefundUnused] = useState(false);
  const [reason, setReason] = useState('');
  const expected = dueAtCheckOut(booking, today, refundUnused);

  function send(request: Parameters<typeof checkOut.mutate>[0]) {
    setRefusal(null);
    checkOut.mutate(request, {
      onSuccess: (result) => {
        showToast({ variant: 'success', title: result.message });
        setStep({ kind: 'done', invoiceId: invoiceIdOf(result) });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status > 0) setKey(crypto.randomUUID());
        const due = balanceDueOf(error);
        if (due !== null) {
          setStep({ kind: 'due', balanceBaisa: due });
          return;
        }
        setRefusal(errorMessage(error, t`That did not work. Please try again.`));
      },
    });
  }

  const title =
    step.kind === 'done'
      ? t`Checked out`
      : step.kind === 'due'
        ? step.balanceBaisa < 0
          ? t`Credit to refund`
          : t`Balance due`
        : t`Check out?`;
  return (
    <Modal title={title} size="md" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className="flex flex-col gap-4" data-testid="desk-check-out-dialog">
        {step.kind === 'ask' ? (
          <>
            <CheckOutQuestion booking={booking} today={today} />
            {expected.unusedBaisa > 0 ? (
              <UnusedNights
                keptBaisa={dueAtCheckOut(booking, today).keptBaisa}
                isManager={isManager}
                refund={refundUnused}
                onRefundChange={setRefundUnused}
                reason={reason}
                onReasonChange={setReason}
              />
            ) : null}
            <DueAtCheckOut dueBaisa={expected.dueBaisa} paidByOta={booking.paymentCollect === 'ota'} />
          </>
        ) : step.kind === 'due' ? (
          <BalanceStep
            booking={booking}
            balanceBaisa={step.balanceBaisa}
            isPending={checkOut.isPending}
            isDisabled={!online}
            onPay={(method, approvalCode) =>
              send({
                payment: {
                  method,
                  amountBaisa: step.balanceBaisa,
                  key,
                  ...(approvalCode && { approvalCode }),
                },
              })
            }
            onMove={(accountId) => send({ cityLedgerAccountId: accountId })}
            onOpenFolio={onOpenFolio}
          />
        ) : (
          <Done booking={booking} invoiceId={step.invoiceId} />
        )}
        {refusal ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-2 font-medium text-red-800"
            data-testid="desk-check-out-refusal"
          >
            {refusal}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          {step.kind === 'done' ? (
            <Button onPress={onClose} data-testid="desk-check-out-close">
              <Trans>Close</Trans>
            </Button>
          ) : (
            <Button variant="secondary" onPress={onClose}>
              <Trans>Not now</Trans>
            </Button>
          )}
          {step.kind === 'ask' ? (
            <Button
              isPending={checkOut.isPending}
              isDisabled={!online || (refundUnused && reason.trim() === '')}
              onPress={() => send(refundUnused ? { refundUnusedNights: { reason: reason.trim() } } : {})}
              data-testid="desk-check-out-confirm"
            >
              <Trans>Check out</Trans>
            </Button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}

/**
 * What the check-out will ask, said before it is done: the folio's balance with the nights stayed
 * not yet on it (and, for a non-refundable stay leaving early, the nights given up kept).
 */
function DueAtCheckOut({ dueBaisa, paidByOta }: { dueBaisa: number; paidByOta: boolean }) {
  const language = useLanguage();
  const amount = formatPrice(Math.abs(dueBaisa), language);
  return (
    <p
      className="rounded-lg bg-sand-100 p-2 text-slate-800"
      data-testid="desk-check-out-balance"
      data-due-baisa={dueBaisa}
    >
      {dueBaisa > 0 && paidByOta ? (
        // A stay its OTA collects: the check-out moves the balance to the OTA's company account.
        <Trans>
          Paid by the OTA: <bdi className="font-bold">{amount}</bdi> goes to its company account at check-out;
          nothing to take from the guest.
        </Trans>
      ) : dueBaisa > 0 ? (
        <Trans>
          Due at check-out: <bdi className="font-bold">{amount}</bdi>, the nights not yet on the folio
          included.
        </Trans>
      ) : dueBaisa < 0 ? (
        <Trans>
          In credit at check-out: the hotel owes the guest <bdi className="font-bold">{amount}</bdi>, to be
          refunded from the folio first.
        </Trans>
      ) : (
        <Trans>Nothing is due at check-out: the stay is paid.</Trans>
      )}
    </p>
  );
}

/**
 * A non-refundable stay leaving early: the nights given up are not refunded (what was paid for
 * them is kept as a cancellation charge), unless a manager decides otherwise, with a reason.
 */
function UnusedNights({
  keptBaisa,
  isManager,
  refund,
  onRefundChange,
  reason,
  onReasonChange,
}: {
  keptBaisa: number;
  isManager: boolean;
  refund: boolean;
  onRefundChange: (refund: boolean) => void;
  reason: string;
  onReasonChange: (reason: string) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const kept = formatPrice(keptBaisa, language);
  return (
    <div
      className="flex flex-col gap-2 rounded-lg bg-amber-50 p-2 text-amber-950"
      data-testid="desk-unused-nights"
    >
      <p className="font-semibold">
        {keptBaisa > 0 ? (
          <Trans>
            Non-refundable rate: the nights given up are not refunded. <bdi>{kept}</bdi> already paid for them
            is kept as a cancellation charge.
          </Trans>
        ) : (
          <Trans>Non-refundable rate: the nights given up are not refunded.</Trans>
        )}
      </p>
      {isManager ? (
        <>
          <Checkbox isSelected={refund} onChange={onRefundChange} data-testid="desk-refund-unused">
            <Trans>Refund the unused nights instead (decided by a manager)</Trans>
          </Checkbox>
          {refund ? (
            <TextField
              label={t`Reason for the refund`}
              value={reason}
              onChange={onReasonChange}
              isRequired
              data-testid="desk-refund-unused-reason"
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/**
 * The balance the server refused the check-out for: taken now (the method chosen; the amount is
 * the whole balance), or moved to a company account. A guest in credit is refunded from the folio.
 */
function BalanceStep({
  booking,
  balanceBaisa,
  isPending,
  isDisabled,
  onPay,
  onMove,
  onOpenFolio,
}: {
  booking: DeskBooking;
  balanceBaisa: number;
  isPending: boolean;
  isDisabled: boolean;
  /** A card's terminal approval code too, when one was typed. */
  onPay: (method: DeskMethod, approvalCode?: string) => void;
  onMove: (accountId: number) => void;
  onOpenFolio: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [method, setMethod] = useState<DeskMethod>('cash');
  const [approvalCode, setApprovalCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [accountId, setAccountId] = useState<number | null>(null);
  // A card payment may keep the terminal's approval code, checked as the server checks it.
  const pay = () => {
    if (method !== 'card') return onPay(method);
    const code = approvalCodeSchema.safeParse(approvalCode);
    if (!code.success) return setCodeError(fieldMessage(i18n, 'approval_code_invalid'));
    onPay(method, code.data);
  };
  const accounts = useCompanyAccounts(balanceBaisa > 0);
  // Companies and travel agents: an online travel agency's account takes only the stays it collects.
  const open = (accounts.data ?? []).filter((a) => a.active !== false && a.kind !== 'ota');
  const name = booking.fullName;
  const amount = formatPrice(Math.abs(balanceBaisa), language);
  if (balanceBaisa < 0) {
    return (
      <div className="flex flex-col gap-3" data-testid="desk-check-out-due">
        <p className="rounded-lg bg-amber-50 p-3 font-semibold text-amber-950">
          <Trans>
            The hotel owes {name} <bdi>{amount}</bdi>: refund it from the folio, then check out.
          </Trans>
        </p>
        <div>
          <Button variant="secondary" onPress={onOpenFolio}>
            <Trans>Open the folio</Trans>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="desk-check-out-due" data-balance-baisa={balanceBaisa}>
      <p className="rounded-lg bg-amber-50 p-3 text-lg font-semibold text-amber-950">
        <Trans>
          {name} owes <bdi className="font-bold">{amount}</bdi>. Take it now, or move it to a company account.
        </Trans>
      </p>
      <section className="flex flex-col gap-3" aria-labelledby="desk-pay-heading">
        <h3 id="desk-pay-heading" className="font-bold text-teal-800">
          <Trans>Take the payment</Trans>
        </h3>
        <RadioGroup label={t`Paid by`} value={method} onChange={(value) => setMethod(value as DeskMethod)}>
          {DESK_PAYMENT_METHODS.map((m) => (
            <RadioOption key={m} value={m}>
              {paymentMethodLabel(i18n, m)}
            </RadioOption>
          ))}
        </RadioGroup>
        {method === 'card' ? (
          <TextField
            label={t`Approval code (optional)`}
            description={t`As printed on the card terminal's slip: letters and digits`}
            value={approvalCode}
            onChange={(value) => {
              setApprovalCode(value);
              setCodeError(undefined);
            }}
            autoComplete="off"
            inputDir="ltr"
            maxLength={16}
            className="max-w-72"
            isInvalid={!!codeError}
            errorMessage={codeError}
            data-testid="desk-approval-code"
          />
        ) : null}
        <div>
          <Button
            isPending={isPending}
            isDisabled={isDisabled}
            onPress={pay}
            data-testid="desk-pay-and-check-out"
          >
            <Trans>
              Take <bdi>{amount}</bdi> and check out
            </Trans>
          </Button>
        </div>
      </section>
      {open.length > 0 ? (
        <section
          className="flex flex-col gap-3 border-t border-sand-200 pt-3"
          aria-labelledby="desk-move-heading"
        >
          <h3 id="desk-move-heading" className="font-bold text-teal-800">
            <Trans>Or move it to a company account</Trans>
          </h3>
          <Select
            label={t`Company`}
            selectedKey={accountId}
            onSelectionChange={(key) => setAccountId(Number(key))}
          >
            {open.map((account) => (
              <SelectItem key={account.id} id={account.id} textValue={account.name}>
                {account.name}
              </SelectItem>
            ))}
          </Select>
          <div>
            <Button
              variant="secondary"
              isPending={isPending}
              isDisabled={isDisabled || accountId === null}
              onPress={() => accountId !== null && onMove(accountId)}
              data-testid="desk-move-and-check-out"
            >
              <Trans>Move to the account and check out</Trans>
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** Out: the room left for housekeeping, and the tax invoice to print. */
function Done({ booking, invoiceId }: { booking: DeskBooking; invoiceId: number | null }) {
  const name = booking.fullName;
  return (
    <div className="flex flex-col gap-3" data-testid="desk-check-out-done">
      <p className="text-slate-800">
        <Trans>{name} is checked out.</Trans>
      </p>
      {invoiceId !== null ? (
        <a
          href={`/invoices/${invoiceId}`}
          target="_blank"
          rel="noopener"
          className="self-start rounded-xl bg-teal-700 px-4 py-2.5 font-semibold text-white no-underline outline-none hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700"
          data-testid="desk-print-invoice"
        >
          <Trans>Print the tax invoice</Trans>
        </a>
      ) : null}
    </div>
  );
}

/** A room's number in a sentence, by the one formatter. */
function RoomNumber({ number }: { number: string }) {
  const language = useLanguage();
  return (
    <span translate="no" className="font-bold" data-testid="desk-room-number">
      {formatRoomNumber(number, language)}
    </span>
  );
}

/**
 * What a check-out does, said before it is done: the guest and the room, the room left for
 * housekeeping, and for a guest leaving before the booked departure how many nights early, and
 * that those nights are released (the room is free to sell from tonight).
 */
function CheckOutQuestion({ booking, today }: { booking: DeskBooking; today: string }) {
  const language = useLanguage();
  const name = booking.fullName;
  const leaving = departureOnCheckOut(booking, today);
  const early = leaving.early ? nightsBetween(leaving.checkOutDate, booking.checkOutDate) : 0;
  const nights = nightsCount(early, language);
  const departure = formatDate(booking.checkOutDate, language);
  const newDeparture = formatDate(leaving.checkOutDate, language);
  const total = booking.totalPrice === null ? null : formatPrice(booking.totalPrice, language);
  const newTotal = leaving.totalPrice === null ? null : formatPrice(leaving.totalPrice, language);
  return (
    <div className="flex flex-col gap-2 text-slate-800" data-testid="desk-check-out-question">
      <p>
        {booking.room ? (
          <Trans>
            Check {name} out of room <RoomNumber number={booking.room.number} />? The room is left dirty for
            housekeeping.
          </Trans>
        ) : (
          <Trans>Check {name} out?</Trans>
        )}
      </p>
      {early > 0 ? (
        <p
          className="rounded-lg bg-amber-50 p-2 font-semibold text-amber-950"
          data-testid="desk-check-out-early"
        >
          <Trans>
            This is {nights} early: the stay was booked until {departure}. The nights from tonight on are
            released and can be sold again.
          </Trans>
        </p>
      ) : null}
      {early > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="desk-check-out-new-terms">
          <dt className="font-semibold">
            <Trans>New departure</Trans>
          </dt>
          <dd data-testid="desk-check-out-new-departure">
            <Trans>
              {newDeparture} (booked: {departure})
            </Trans>
          </dd>
          {newTotal !== null && total !== null ? (
            <>
              <dt className="font-semibold">
                <Trans>New total</Trans>
              </dt>
              <dd data-testid="desk-check-out-new-total">
                <Trans>
                  <bdi className="font-bold">{newTotal}</bdi> (was <bdi>{total}</bdi>)
                </Trans>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}
