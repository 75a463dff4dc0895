import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy';
import type { CityLedgerAccount, CityLedgerEntry } from '@shared/day-close';
import { DESK_PAYMENT_METHODS } from '@shared/folio';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { type AdminTableColumn, AdminTable } from '@/components/admin/admin-table';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { paymentMethodLabel } from '@/entities/folio/folio-words';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { formatDate, formatPercent, formatPrice } from '@/lib/format';
import { baisaOfTyped } from '@/lib/money-input';
import { useOnline } from '@/lib/use-online';
import { useCityLedgerAccounts, useCityLedgerStatement, useRecordPayment } from '../api/city-ledger';
import { AccountForm } from './account-form';
import { BookingReference } from '@/components/booking-reference';
import { Separator } from '@/components/separator';

/** The travel agents' commissions: its own chunk, loaded when a manager opens it. */
const CommissionsPanel = lazy(() => import('./commissions-panel'));

/**
 * /admin/city-ledger (managers): the companies whose guests' bills were moved to their account at
 * check-out: each account's balance and credit limit, its statement (transfers and payments, newest
 * first, with the balance after each), a company's payment, and the accounts' details.
 */
export function CityLedgerScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const accounts = useCityLedgerAccounts();
  const [selected, setSelected] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [commissions, setCommissions] = useState(false);
  const account = accounts.data?.accounts.find((a) => a.id === selected) ?? null;
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Company accounts</Trans>}
        subtitle={
          <Trans>What companies owe for their guests' stays, moved from the bill at check-out.</Trans>
        }
        actions={
          <>
            <Button variant="secondary" onPress={() => setCreating(true)} data-testid="city-ledger-new">
              <Trans>New company account</Trans>
            </Button>
            <Button
              variant="secondary"
              onPress={() => setCommissions((open) => !open)}
              aria-expanded={commissions}
              data-testid="city-ledger-commissions"
            >
              <Trans>Travel agents' commissions</Trans>
            </Button>
          </>
        }
      />
      {commissions ? (
        <Suspense
          fallback={
            <p role="status" className="text-slate-700">
              <Trans>Loading the commissions…</Trans>
            </p>
          }
        >
          <CommissionsPanel />
        </Suspense>
      ) : null}
      {creating ? (
        <section className={sectionClass} aria-labelledby="city-ledger-new-heading">
          <h2 id="city-ledger-new-heading" className="text-lg font-bold text-teal-800">
            <Trans>New company account</Trans>
          </h2>
          <AccountForm
            onDone={(created) => {
              setCreating(false);
              if (created) setSelected(created);
            }}
          />
        </section>
      ) : null}
      {accounts.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the accounts…</Trans>
        </p>
      ) : accounts.isError ? (
        <LoadError onRetry={() => void accounts.refetch()}>
          {errorMessage(accounts.error, t`The accounts could not be loaded.`)}
        </LoadError>
      ) : accounts.data.accounts.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No company account yet.</Trans>
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="city-ledger-accounts">
          {accounts.data.accounts.map((a) => (
            <li key={a.id}>
              <Button
                variant="ghost"
                onPress={() => setSelected(a.id === selected ? null : a.id)}
                aria-expanded={a.id === selected}
                className={`w-full flex-col !items-start gap-1 rounded-2xl border bg-white p-4 text-start shadow-sm ${
                  a.id === selected ? 'border-teal-700 ring-2 ring-teal-700' : 'border-sand-200'
                }`}
              >
                <span className="text-base font-semibold text-slate-900">{a.name}</span>
                <KindWords account={a} />
                <span className="text-sm text-slate-700">
                  <BalanceWords baisa={a.balanceBaisa} />
                  {a.creditLimitBaisa !== null ? (
                    <>
                      <Separator />
                      <Trans>limit {formatPrice(a.creditLimitBaisa, language)}</Trans>
                    </>
                  ) : null}
                  {a.active ? null : (
                    <>
                      <Separator />
                      <Trans>closed</Trans>
                    </>
                  )}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {account ? <AccountPanel key={account.id} account={account} /> : null}
    </main>
  );
}

const sectionClass = 'flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5';

/** What the company owes, or (paid ahead) what it has in credit. */
function BalanceWords({ baisa }: { baisa: number }) {
  const language = useLanguage();
  return baisa < 0 ? (
    <Trans>In credit {formatPrice(-baisa, language)}</Trans>
  ) : (
    <Trans>Owes {formatPrice(baisa, language)}</Trans>
  );
}

/** A company, a travel agent (with its commission and IATA code) or an online travel agency. */
function KindWords({ account }: { account: CityLedgerAccount }) {
  const language = useLanguage();
  if (account.kind === 'company') {
    return (
      <span className="text-sm text-slate-700">
        <Trans>Company</Trans>
      </span>
    );
  }
  if (account.kind === 'ota') {
    return (
      <span className="text-sm text-slate-700" data-testid="city-ledger-kind">
        <Trans>Online travel agency: the stays it collects</Trans>
      </span>
    );
  }
  const percent =
    account.commissionPercent === null ? null : formatPercent(account.commissionPercent, language);
  return (
    <span className="text-sm text-slate-700" data-testid="city-ledger-kind">
      <Trans>Travel agent</Trans>
      {percent !== null ? (
        <>
          <Separator />
          <Trans>commission {percent}</Trans>
        </>
      ) : null}
      {account.iata ? (
        <>
          <Separator />
          <Trans>
            IATA <bdi dir="ltr">{account.iata}</bdi>
          </Trans>
        </>
      ) : null}
    </span>
  );
}

/** The profile's contact and negotiated plans, as typed (a phone and e-mail left to right). */
function Profile({ account }: { account: CityLedgerAccount }) {
  const contact = [account.contactName, account.contactPhone, account.contactEmail].some(Boolean);
  return (
    <>
      <KindWords account={account} />
      {contact ? (
        <p className="text-sm text-slate-700" data-testid="city-ledger-contact">
          <Trans>Contact:</Trans> {account.contactName}
          {account.contactPhone ? (
            <>
              <Separator />
              <bdi dir="ltr">{account.contactPhone}</bdi>
            </>
          ) : null}
          {account.contactEmail ? (
            <>
              <Separator />
              <bdi dir="ltr">{account.contactEmail}</bdi>
            </>
          ) : null}
        </p>
      ) : null}
      {account.ratePlanCodes.length > 0 ? (
        <p className="text-sm text-slate-700" data-testid="city-ledger-plans">
          <Trans>Negotiated plans:</Trans>{' '}
          <bdi dir="ltr" className="font-mono">
            {account.ratePlanCodes.join(', ')}
          </bdi>
        </p>
      ) : null}
    </>
  );
}

/** An account's details, its payment form and its statement. */
function AccountPanel({ account }: { account: CityLedgerAccount }) {
  const [editing, setEditing] = useState(false);
  return (
    <section
      className={sectionClass}
      aria-labelledby="city-ledger-account-heading"
      data-testid="city-ledger-account"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="city-ledger-account-heading" className="text-xl font-bold text-teal-800">
            {account.name}
          </h2>
          <p className="text-sm text-slate-700">
            {account.vatNumber ? (
              <Trans>
                VAT number <span dir="ltr">{account.vatNumber}</span>
              </Trans>
            ) : (
              <Trans>No VAT number</Trans>
            )}
            {account.address ? ` · ${account.address}` : null}
          </p>
          <Profile account={account} />
          <p className="text-lg font-semibold text-slate-900" data-testid="city-ledger-balance">
            <BalanceWords baisa={account.balanceBaisa} />
          </p>
        </div>
        <Button variant="secondary" onPress={() => setEditing((e) => !e)}>
          {editing ? <Trans>Close the details</Trans> : <Trans>Change the details</Trans>}
        </Button>
      </div>
      {editing ? <AccountForm account={account} onDone={() => setEditing(false)} /> : null}
      <PaymentForm account={account} />
      <Statement account={account} />
    </section>
  );
}

/** A company's payment of its account. */
function PaymentForm({ account }: { account: CityLedgerAccount }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const pay = useRecordPayment(account.id);
  const [method, setMethod] = useState<(typeof DESK_PAYMENT_METHODS)[number]>('bank_transfer');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const error = (key: string) => fieldMessage(i18n, errors[key]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountBaisa = baisaOfTyped(amount);
    if (Number.isNaN(amountBaisa) || amountBaisa <= 0) {
      setErrors({ amountBaisa: t`Enter an amount in rials, e.g. 120 or 85.250` });
      return;
    }
    pay.mutate(
      { method, amountBaisa, reference },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          setAmount('');
          setReference('');
          setErrors({});
        },
        onError: (failure) => {
          setErrors(fieldErrorsOf(failure));
          showToast({
            variant: 'error',
            title: t`The payment was not recorded`,
            description: errorMessage(failure, t`Please try again.`),
          });
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl bg-sand-50 p-3"
      aria-labelledby="city-ledger-payment-heading"
      data-testid="city-ledger-payment"
    >
      <h3 id="city-ledger-payment-heading" className="font-bold text-slate-900">
        <Trans>Record the company's payment</Trans>
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <Select
          label={t`Paid by`}
          selectedKey={method}
          onSelectionChange={(key) => setMethod(key as typeof method)}
        >
          {DESK_PAYMENT_METHODS.map((m) => (
            <SelectItem key={m} id={m} textValue={paymentMethodLabel(i18n, m)}>
              {paymentMethodLabel(i18n, m)}
            </SelectItem>
          ))}
        </Select>
        <TextField
          label={t`Amount in rials`}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          inputDir="ltr"
          isRequired
          isInvalid={!!error('amountBaisa')}
          errorMessage={error('amountBaisa')}
          data-testid="city-ledger-payment-amount"
        />
        <TextField
          label={t`Reference (transfer or receipt number)`}
          value={reference}
          onChange={setReference}
          inputDir="ltr"
          isInvalid={!!error('reference')}
          errorMessage={error('reference')}
        />
      </div>
      <div>
        <Button type="submit" isPending={pay.isPending} isDisabled={!online} data-testid="city-ledger-pay">
          <Trans>Record the payment</Trans>
        </Button>
      </div>
    </form>
  );
}

/** The statement: newest first, each entry with the balance after it, earlier pages on demand. */
function Statement({ account }: { account: CityLedgerAccount }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const statement = useCityLedgerStatement(account.id);
  const entries = statement.data?.pages.flatMap((p) => p.entries) ?? [];
  const columns: AdminTableColumn<CityLedgerEntry>[] = [
    { id: 'date', header: <Trans>Date</Trans>, cell: (e) => formatDate(e.businessDate, language) },
    {
      id: 'entry',
      header: <Trans>Entry</Trans>,
      cell: (e) =>
        e.kind === 'transfer' ? (
          <Trans>
            Bill of {e.guestName} (<BookingReference reference={e.reference ?? ''} className="font-normal" />)
          </Trans>
        ) : e.kind === 'credit' ? (
          <Trans>
            Credit on the bill of {e.guestName} (
            <BookingReference reference={e.reference ?? ''} className="font-normal" />)
          </Trans>
        ) : (
          <>
            <Trans>Payment: {paymentMethodLabel(i18n, e.method)}</Trans>
            {e.reference ? (
              <>
                {' '}
                <span dir="ltr">{e.reference}</span>
              </>
            ) : null}
          </>
        ),
    },
    {
      id: 'amount',
      header: <Trans>Amount</Trans>,
      align: 'end',
      className: 'tabular-nums',
      cell: (e) => formatPrice(e.kind === 'transfer' ? e.amountBaisa : -e.amountBaisa, language),
    },
    {
      id: 'balance',
      header: <Trans context="account balance">Balance</Trans>,
      align: 'end',
      className: 'font-medium tabular-nums',
      cell: (e) => formatPrice(e.balanceBaisa, language),
    },
  ];
  return (
    <div className="flex flex-col gap-2" data-testid="city-ledger-statement">
      <h3 className="font-bold text-slate-900">
        <Trans>Statement</Trans>
      </h3>
      {statement.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the statement…</Trans>
        </p>
      ) : statement.isError ? (
        <LoadError onRetry={() => void statement.refetch()}>
          {errorMessage(statement.error, t`The statement could not be loaded.`)}
        </LoadError>
      ) : entries.length === 0 ? (
        <p className="text-slate-700">
          <Trans>Nothing on this account yet.</Trans>
        </p>
      ) : (
        <AdminTable
          look="ruled"
          className="text-sm"
          columns={columns}
          rows={entries}
          rowKey={(e) => `${e.kind}-${e.id}`}
        />
      )}
      {statement.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            isPending={statement.isFetchingNextPage}
            onPress={() => void statement.fetchNextPage()}
          >
            <Trans>Show earlier entries</Trans>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
