import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DESK_PAYMENT_METHODS, EXTRA_DEPARTMENTS } from '@shared/folio';

type DeskMethod = (typeof DESK_PAYMENT_METHODS)[number];
type ExtraDepartment = (typeof EXTRA_DEPARTMENTS)[number];
import { formatOmr } from '@shared/money';
import { toLatinDigits } from '@shared/digits';
import { approvalCodeSchema } from '@shared/folio-schemas';
import { Button } from '@/components/ui/button';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { departmentLabel, paymentMethodLabel } from '@/entities/folio/folio-words';
import { lineText } from '@/entities/folio/folio-lines';
import type { FolioLine } from '@/entities/folio/get-folio';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { formatPrice } from '@/lib/format';
import { type FolioAction, useFolioAction } from './folio-actions';
import { AmountField, amountOf, ReasonField } from './money-fields';

/**
 * The folio dialog's four forms. Each sends one move with an `Idempotency-Key` made for it: the
 * same key again after a lost answer (the server answers the first result), a new one once the
 * server has answered (a refused move fixed and sent again is another request).
 */
function useFolioForm(bookingId: number, onDone: () => void) {
  const { t } = useLingui();
  const action = useFolioAction(bookingId);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = (move: FolioAction) => {
    setRefusal(null);
    action.mutate(
      { action: move, key },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status > 0) setKey(crypto.randomUUID());
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          // A refusal no field shows (a closed day, a booking no longer open, already corrected).
          if (Object.keys(fields).length === 0) {
            setRefusal(errorMessage(error, t`That did not work. Please try again.`));
          }
        },
      },
    );
  };
  return {
    send,
    isPending: action.isPending,
    errors,
    setErrors,
    refusal,
    clear: (field: string) => setErrors((e) => ({ ...e, [field]: '' })),
    error: (field: string) => errors[field] || undefined,
  };
}

/** The frame of a form: its heading, the fields, a refusal no field shows, send and cancel. */
function FolioForm({
  title,
  submitLabel,
  onSubmit,
  onCancel,
  isPending,
  refusal,
  testId,
  children,
}: {
  title: ReactNode;
  submitLabel: ReactNode;
  onSubmit: () => void;
  onCancel: () => void;
  isPending: boolean;
  refusal: string | null;
  testId: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-sand-200 bg-sand-50 p-3 sm:p-4"
      data-testid={testId}
    >
      <h3 className="text-lg font-bold text-teal-800">{title}</h3>
      {children}
      {refusal ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-2 font-medium text-red-800"
          data-testid="folio-refusal"
        >
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isPending={isPending} data-testid="folio-submit">
          {submitLabel}
        </Button>
        <Button variant="secondary" onPress={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

export function ChargeForm({ bookingId, onDone }: { bookingId: number; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const form = useFolioForm(bookingId, onDone);
  const [department, setDepartment] = useState<ExtraDepartment | ''>('');
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('');
  const [amount, setAmount] = useState('');
  const notAmount = t`Enter the amount in rials, e.g. 12.500`;

  function submit() {
    const local: Record<string, string> = {};
    if (!department) local.department = t`Choose the department`;
    if (!description.trim()) local.description = t`Say what was charged`;
    const typedQuantity = toLatinDigits(quantity).trim();
    if (typedQuantity !== '' && !/^\d{1,3}$/.test(typedQuantity)) local.quantity = t`Enter a whole number`;
    const money = amountOf(amount, notAmount);
    if ('error' in money) local.amountBaisa = money.error;
    if (Object.keys(local).length > 0 || 'error' in money) {
      form.setErrors(local);
      return;
    }
    form.send({
      kind: 'charge',
      body: {
        department: department as ExtraDepartment,
        description: description.trim(),
        ...(typedQuantity !== '' && { quantity: Number(typedQuantity) }),
        amountBaisa: money.baisa,
      },
    });
  }

  return (
    <FolioForm
      title={<Trans>Post a charge</Trans>}
      submitLabel={<Trans>Post the charge</Trans>}
      onSubmit={submit}
      onCancel={onDone}
      isPending={form.isPending}
      refusal={form.refusal}
      testId="folio-charge-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t`Department`}
          selectedKey={department || null}
          onSelectionChange={(key) => {
            setDepartment(key as ExtraDepartment);
            form.clear('department');
          }}
          isRequired
          isInvalid={!!form.error('department')}
          errorMessage={form.error('department')}
          data-testid="folio-department"
        >
          {EXTRA_DEPARTMENTS.map((d) => (
            <SelectItem key={d} id={d}>
              {departmentLabel(i18n, d)}
            </SelectItem>
          ))}
        </Select>
        <TextField
          label={t`Description`}
          description={t`As the guest will read it on the bill`}
          value={description}
          onChange={(value) => {
            setDescription(value);
            form.clear('description');
          }}
          isRequired
          isInvalid={!!form.error('description')}
          errorMessage={form.error('description')}
          data-testid="folio-description"
        />
        <TextField
          label={t`Quantity`}
          description={t`Optional; the amount is for the whole line`}
          value={quantity}
          onChange={(value) => {
            setQuantity(value);
            form.clear('quantity');
          }}
          inputMode="numeric"
          inputDir="ltr"
          className="max-w-72"
          isInvalid={!!form.error('quantity')}
          errorMessage={form.error('quantity')}
          data-testid="folio-quantity"
        />
        <AmountField
          value={amount}
          onChange={(value) => {
            setAmount(value);
            form.clear('amountBaisa');
          }}
          error={form.error('amountBaisa')}
          description={t`The whole line, taxes as the hotel's settings say`}
        />
      </div>
    </FolioForm>
  );
}

export function PaymentForm({
  bookingId,
  balanceBaisa,
  onDone,
}: {
  bookingId: number;
  balanceBaisa: number;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const form = useFolioForm(bookingId, onDone);
  const [method, setMethod] = useState<DeskMethod>('cash');
  const [amount, setAmount] = useState(balanceBaisa > 0 ? formatOmr(balanceBaisa, language) : '');
  const [approvalCode, setApprovalCode] = useState('');
  const notAmount = t`Enter the amount in rials, e.g. 12.500`;

  function submit() {
    const money = amountOf(amount, notAmount);
    // The terminal's approval code: a card payment's only, checked as the server checks it.
    const code = method === 'card' ? approvalCodeSchema.safeParse(approvalCode) : null;
    if ('error' in money || (code && !code.success)) {
      form.setErrors({
        ...('error' in money && { amountBaisa: money.error }),
        ...(code && !code.success && { approvalCode: fieldMessage(i18n, 'approval_code_invalid')! }),
      });
      return;
    }
    form.send({
      kind: 'payment',
      body: { method, amountBaisa: money.baisa, ...(code?.data && { approvalCode: code.data }) },
    });
  }

  return (
    <FolioForm
      title={<Trans>Take a payment</Trans>}
      submitLabel={<Trans>Record the payment</Trans>}
      onSubmit={submit}
      onCancel={onDone}
      isPending={form.isPending}
      refusal={form.refusal}
      testId="folio-payment-form"
    >
      <RadioGroup
        label={t`Paid by`}
        value={method}
        onChange={(value) => setMethod(value as DeskMethod)}
        isInvalid={!!form.error('method')}
        errorMessage={form.error('method')}
      >
        {DESK_PAYMENT_METHODS.map((m) => (
          <RadioOption key={m} value={m}>
            {paymentMethodLabel(i18n, m)}
          </RadioOption>
        ))}
      </RadioGroup>
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          form.clear('amountBaisa');
        }}
        error={form.error('amountBaisa')}
        description={balanceBaisa > 0 ? t`The balance due is filled in` : undefined}
      />
      {method === 'card' ? (
        <TextField
          label={t`Approval code (optional)`}
          description={t`As printed on the card terminal's slip: letters and digits`}
          value={approvalCode}
          onChange={(value) => {
            setApprovalCode(value);
            form.clear('approvalCode');
          }}
          autoComplete="off"
          inputDir="ltr"
          maxLength={16}
          className="max-w-72"
          isInvalid={!!form.error('approvalCode')}
          errorMessage={form.error('approvalCode')}
          data-testid="folio-approval-code"
        />
      ) : null}
    </FolioForm>
  );
}

export function CorrectionForm({
  bookingId,
  line,
  onDone,
}: {
  bookingId: number;
  line: FolioLine;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const form = useFolioForm(bookingId, onDone);
  const [reason, setReason] = useState('');
  const what = lineText(i18n, line);
  const amount = formatPrice(line.amountBaisa, language);

  function submit() {
    if (!reason.trim()) {
      form.setErrors({ reason: t`Say why the charge is corrected` });
      return;
    }
    form.send({ kind: 'correction', body: { lineId: line.id, reason: reason.trim() } });
  }

  return (
    <FolioForm
      title={<Trans>Correct a charge</Trans>}
      submitLabel={<Trans>Reverse the charge</Trans>}
      onSubmit={submit}
      onCancel={onDone}
      isPending={form.isPending}
      refusal={form.refusal}
      testId="folio-correction-form"
    >
      <p className="text-slate-800">
        <Trans>
          {what}, <bdi className="font-semibold">{amount}</bdi>, is reversed by a line of its own; the charge
          itself stays on the folio.
        </Trans>
      </p>
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          form.clear('reason');
        }}
        error={form.error('reason')}
      />
    </FolioForm>
  );
}

export function RefundForm({
  bookingId,
  line,
  refundableBaisa,
  onDone,
}: {
  bookingId: number;
  line: FolioLine;
  refundableBaisa: number;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const form = useFolioForm(bookingId, onDone);
  const [amount, setAmount] = useState(formatOmr(refundableBaisa, language));
  const [reason, setReason] = useState('');
  const what = lineText(i18n, line);
  const most = formatPrice(refundableBaisa, language);
  const notAmount = t`Enter the amount in rials, e.g. 12.500`;

  function submit() {
    const local: Record<string, string> = {};
    const money = amountOf(amount, notAmount);
    if ('error' in money) local.amountBaisa = money.error;
    if (!reason.trim()) local.reason = t`Say why the payment is refunded`;
    if (Object.keys(local).length > 0 || 'error' in money) {
      form.setErrors(local);
      return;
    }
    form.send({
      kind: 'refund',
      body: { paymentLineId: line.id, amountBaisa: money.baisa, reason: reason.trim() },
    });
  }

  return (
    <FolioForm
      title={
        line.kind === 'transfer' ? (
          <Trans>Move the folio's credit back to the company account</Trans>
        ) : (
          <Trans>Refund a payment</Trans>
        )
      }
      submitLabel={
        line.kind === 'transfer' ? <Trans>Move the credit back</Trans> : <Trans>Record the refund</Trans>
      }
      onSubmit={submit}
      onCancel={onDone}
      isPending={form.isPending}
      refusal={form.refusal}
      testId="folio-refund-form"
    >
      <p className="text-slate-800">{what}</p>
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          form.clear('amountBaisa');
        }}
        error={form.error('amountBaisa')}
        description={t`At most ${most}`}
      />
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          form.clear('reason');
        }}
        error={form.error('reason')}
      />
    </FolioForm>
  );
}
