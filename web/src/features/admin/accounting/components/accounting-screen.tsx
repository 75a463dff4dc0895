import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { accountsPutSchema, type JournalDay } from '@shared/accounting';
import { addDays, hotelToday } from '@shared/dates';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { type AdminTableColumn, AdminTable } from '@/components/admin/admin-table';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { Checkbox } from '@/components/ui/checkbox';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { formatCount, formatDate, formatMonth, formatPrice } from '@/lib/format';
import { focusFirstInvalid } from '@/lib/use-form-fields';
import { useOnline } from '@/lib/use-online';
import {
  type Accounts,
  defaultJournalMonth,
  journalCsvHref,
  useAccounts,
  useJournalMonth,
  useSaveAccounts,
} from '../api/accounting';
import { categoryLabel } from '../lib/category-words';

/**
 * /admin/accounting (managers and admins; docs/decisions/100): a month's days, each open, closed
 * (its journal ready for the accountant) or closed with a category that has no account yet; each
 * closed day's file and the month's in one file for Odoo's journal entry import, summed by account
 * or one line per folio line; and the hotel's accounts, Odoo's Oman chart by default.
 */
export function AccountingScreen() {
  const { t } = useLingui();
  const [month, setMonth] = useState(defaultJournalMonth);
  const days = useJournalMonth(month);
  const accounts = useAccounts();
  const missing = useMemo(() => new Set(days.data?.days.flatMap((d) => d.missing) ?? []), [days.data]);
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Accountant's journal</Trans>}
        subtitle={
          <Trans>
            Each closed day's entry, balanced to the baisa, for the accounting system (Odoo's journal entry
            import): revenue, taxes, payments, deposits, company accounts and commissions.
          </Trans>
        }
      />
      <MonthSection month={month} onMonth={setMonth} days={days} />
      {accounts.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the accounts…</Trans>
        </p>
      ) : accounts.isError ? (
        <LoadError onRetry={() => void accounts.refetch()}>
          {errorMessage(accounts.error, t`The accounts could not be loaded.`)}
        </LoadError>
      ) : (
        <AccountsForm key={JSON.stringify(accounts.data)} accounts={accounts.data} missing={missing} />
      )}
    </main>
  );
}

const sectionClass = 'flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5';

/** The last twelve months, this one first. */
function recentMonths(): string[] {
  const months: string[] = [];
  let first = `${hotelToday().slice(0, 7)}-01`;
  for (let i = 0; i < 12; i++) {
    months.push(first.slice(0, 7));
    first = `${addDays(first, -1).slice(0, 7)}-01`;
  }
  return months;
}

function StateBadge({ day, labelOf }: { day: JournalDay; labelOf: (category: string) => string }) {
  const language = useLanguage();
  if (day.state === 'open')
    return (
      <span className="rounded-full bg-sand-100 px-2 py-0.5 text-sm text-slate-800">
        <Trans context="business day">Open</Trans>
      </span>
    );
  if (day.state === 'closed')
    return (
      <span className="rounded-full bg-teal-50 px-2 py-0.5 text-sm font-medium text-teal-900">
        <Trans context="business day">Closed</Trans>
      </span>
    );
  return (
    <span className="flex flex-col gap-1">
      <span className="w-fit rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">
        <Trans>Closed, accounts missing</Trans>
      </span>
      <span className="text-sm text-slate-700">
        {day.missing.map(labelOf).join(language === 'ar' ? '، ' : ', ')}
      </span>
    </span>
  );
}

function MonthSection({
  month,
  onMonth,
  days,
}: {
  month: string;
  onMonth: (month: string) => void;
  days: ReturnType<typeof useJournalMonth>;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const [detail, setDetail] = useState(false);
  const accounts = useAccounts();
  const subjects = new Map(accounts.data?.accounts.map((a) => [a.category, a.subject]));
  const labelOf = (category: string) => categoryLabel(i18n, category, subjects.get(category), language);
  const list = days.data?.days ?? [];
  const closed = list.filter((d) => d.state === 'closed').length;
  const open = list.filter((d) => d.state === 'open').length;
  const unmapped = list.filter((d) => d.state === 'unmapped').length;
  const complete = list.length > 0 && closed === list.length;
  const columns: AdminTableColumn<JournalDay>[] = [
    {
      id: 'date',
      header: <Trans>Day</Trans>,
      isRowHeader: true,
      cell: (d) => formatDate(d.date, language),
    },
    { id: 'state', header: <Trans>State</Trans>, cell: (d) => <StateBadge day={d} labelOf={labelOf} /> },
    {
      id: 'total',
      header: <Trans>Entry total</Trans>,
      align: 'end',
      className: 'tabular-nums',
      cell: (d) => (d.state === 'open' ? '—' : formatPrice(d.debitBaisa, language)),
    },
    {
      id: 'file',
      header: <Trans>File</Trans>,
      align: 'end',
      cell: (d) =>
        d.state === 'closed' ? (
          <a
            href={journalCsvHref({ date: d.date }, detail)}
            download
            className="font-medium whitespace-nowrap text-teal-800 underline underline-offset-2"
            aria-label={t`The journal of ${formatDate(d.date, language)} (CSV)`}
          >
            <Trans>CSV</Trans>
          </a>
        ) : (
          '—'
        ),
    },
  ];
  const last = list.at(-1)?.date;
  return (
    <section className={sectionClass} aria-labelledby="journal-month-heading" data-testid="journal-month">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="journal-month-heading" className="text-xl font-bold text-teal-800">
          <Trans>The month's days</Trans>
        </h2>
        <Select
          label={t`Month`}
          selectedKey={month}
          onSelectionChange={(key) => onMonth(String(key))}
          className="w-48"
        >
          {recentMonths().map((m) => (
            <SelectItem key={m} id={m} textValue={formatMonth(m, language)}>
              {formatMonth(m, language)}
            </SelectItem>
          ))}
        </Select>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Checkbox isSelected={detail} onChange={setDetail}>
          <Trans>One line per folio line (detail)</Trans>
        </Checkbox>
        {complete && last ? (
          <a
            href={journalCsvHref({ from: list[0]!.date, to: last }, detail)}
            download
            className={buttonClass('primary')}
            data-testid="journal-month-csv"
          >
            <Trans>Download the month for Odoo</Trans>
          </a>
        ) : null}
      </div>
      {days.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the month…</Trans>
        </p>
      ) : days.isError ? (
        <LoadError onRetry={() => void days.refetch()}>
          {errorMessage(days.error, t`The month could not be loaded.`)}
        </LoadError>
      ) : (
        <>
          <p className="text-slate-800" data-testid="journal-month-summary">
            {complete ? (
              <Trans>Every day of {formatMonth(month, language)} is closed: its journal is ready.</Trans>
            ) : (
              <Trans>
                {formatCount(closed, language)} days ready, {formatCount(open, language)} still open,{' '}
                {formatCount(unmapped, language)} waiting for accounts. The month's file is ready once every
                day is closed and every category has an account.
              </Trans>
            )}
          </p>
          <AdminTable
            look="section"
            region={{ label: t`The days of ${formatMonth(month, language)}` }}
            className="min-w-[20rem] text-sm"
            columns={columns}
            rows={list}
            rowKey={(d) => d.date}
            rowProps={(d) => ({ 'data-state': d.state, 'data-date': d.date })}
          />
        </>
      )}
    </section>
  );
}

type Row = { category: string; account: string; name: string };

function AccountsForm({ accounts, missing }: { accounts: Accounts; missing: Set<string> }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const save = useSaveAccounts();
  const formRef = useRef<HTMLFormElement>(null);
  const [journal, setJournal] = useState(accounts.journal);
  const [rows, setRows] = useState<Row[]>(() =>
    accounts.accounts.map(({ category, account, name }) => ({ category, account, name })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current);
  }, [refusals]);
  const error = (key: string) => fieldMessage(i18n, errors[key]);
  const set = (index: number, field: 'account' | 'name', value: string) => {
    setRows((r) => r.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    setErrors((e) => ({ ...e, [`accounts.${index}.${field}`]: '' }));
  };
  const refuse = (found: Record<string, string>) => {
    setErrors(found);
    setRefusals((n) => n + 1);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { journal, accounts: rows };
    const checked = accountsPutSchema.safeParse(body);
    if (!checked.success) {
      refuse(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    save.mutate(body, {
      onSuccess: (result) => showToast({ variant: 'success', title: result.message }),
      onError: (failure) => {
        refuse(fieldErrorsOf(failure));
        showToast({
          variant: 'error',
          title: t`The accounts were not saved`,
          description: errorMessage(failure, t`Please try again.`),
        });
      },
    });
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className={sectionClass} data-testid="accounts-form">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-bold text-teal-800">
          <Trans>The hotel's accounts</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Trans>
            Each category's account in the hotel's chart of accounts, by its code and name. The defaults are
            Odoo's chart of accounts for Oman; an outlet, a tax of the hotel's own or a room type of its own
            account needs one given here.
          </Trans>
        </p>
      </div>
      {!online ? (
        <OfflineNote>
          <Trans>You are offline. The accounts can be saved once the connection is back.</Trans>
        </OfflineNote>
      ) : null}
      <TextField
        label={t`The journal's code`}
        description={t`The journal the entries are imported into, by its short code (MISC in Odoo)`}
        value={journal}
        onChange={(value) => {
          setJournal(value);
          setErrors((e) => ({ ...e, journal: '' }));
        }}
        inputDir="ltr"
        className="max-w-xs"
        isInvalid={!!error('journal')}
        errorMessage={error('journal')}
      />
      <ul className="flex flex-col divide-y divide-sand-100" aria-label={t`Categories and their accounts`}>
        {accounts.accounts.map((a, index) => {
          const row = rows[index]!;
          const label = categoryLabel(i18n, a.category, a.subject, language);
          const needed = missing.has(a.category) && row.account === '';
          return (
            // The item holds the group (a list's children are its items, each named by its category).
            <li key={a.category} data-category={a.category}>
              <div
                className={`grid gap-3 py-3 sm:grid-cols-[minmax(0,1fr)_9rem_minmax(0,1fr)] sm:items-start ${needed ? 'rounded-lg bg-amber-50 px-2' : ''}`}
                role="group"
                aria-labelledby={`account-${index}`}
              >
                <div className="flex flex-col gap-0.5 sm:pt-7">
                  <span id={`account-${index}`} className="font-medium text-slate-900">
                    {label}
                  </span>
                  {needed ? (
                    <span className="text-sm font-medium text-amber-900">
                      <Trans>A closed day needs this account.</Trans>
                    </span>
                  ) : a.isDefault && a.account !== '' ? (
                    <span className="text-sm text-slate-600">
                      <Trans>Odoo's Oman chart</Trans>
                    </span>
                  ) : a.category.startsWith('room:') && row.account === '' ? (
                    <span className="text-sm text-slate-600">
                      <Trans>Empty: room revenue's account</Trans>
                    </span>
                  ) : null}
                </div>
                <TextField
                  label={t`Account code`}
                  value={row.account}
                  onChange={(value) => set(index, 'account', value)}
                  inputDir="ltr"
                  isInvalid={!!error(`accounts.${index}.account`) || !!error(`accounts.${index}.category`)}
                  errorMessage={error(`accounts.${index}.account`) ?? error(`accounts.${index}.category`)}
                />
                <TextField
                  label={t`Account name`}
                  value={row.name}
                  onChange={(value) => set(index, 'name', value)}
                  inputDir="auto"
                  isInvalid={!!error(`accounts.${index}.name`)}
                  errorMessage={error(`accounts.${index}.name`)}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <div>
        <Button type="submit" isPending={save.isPending} isDisabled={!online} data-testid="accounts-save">
          <Trans>Save the accounts</Trans>
        </Button>
      </div>
    </form>
  );
}
