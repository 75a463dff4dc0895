import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { useLanguage } from '@/hooks/use-language';
import { errorCode, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useNavigate, usePathname, useSearchParams } from '@/lib/router';
import { type ReportName, type ReportQuery, reportCsvHref } from '../api/reports';

/** The reports, in the order the hub and each report's tabs list them. */
export const REPORT_PATHS: { report: ReportName; href: string }[] = [
  { report: 'flash', href: '/admin/reports/flash' },
  { report: 'on-the-books', href: '/admin/reports/on-the-books' },
  { report: 'pickup', href: '/admin/reports/pickup' },
  { report: 'pace', href: '/admin/reports/pace' },
  { report: 'production', href: '/admin/reports/production' },
  { report: 'tourism-return', href: '/admin/reports/tourism-return' },
  { report: 'extras', href: '/admin/reports/extras' },
];

export function ReportTitle({ report }: { report: ReportName }) {
  switch (report) {
    case 'flash':
      return <Trans>Flash report</Trans>;
    case 'on-the-books':
      return <Trans>On the books</Trans>;
    case 'pickup':
      return <Trans>Pickup</Trans>;
    case 'pace':
      return <Trans>Pace against last year</Trans>;
    case 'production':
      return <Trans>Production</Trans>;
    case 'tourism-return':
      return <Trans>Monthly tourism return</Trans>;
    case 'extras':
      return <Trans>Extras offered and sold</Trans>;
  }
}

/**
 * A report's choices kept in the address (`?from=…&by=…`), so a report is shared, reloaded and
 * printed as it was chosen; a value not in the address is the report's default.
 */
export function useReportParams<K extends string>(defaults: Record<K, string>) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pathname = usePathname();
  const values = Object.fromEntries(
    Object.entries<string>(defaults).map(([key, value]) => [key, params.get(key) ?? value]),
  ) as Record<K, string>;
  const set = (changes: Partial<Record<K, string>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes) as [string, string | undefined][]) {
      next.set(key, value ?? '');
    }
    navigate(`${pathname}?${next.toString()}`, { replace: true });
  };
  return [values, set] as const;
}

/**
 * One report's page: its title and tabs to the others, its choices, the CSV of what it shows and
 * Print (A4: the header, the tabs and the buttons are left out of the print), then its body.
 */
export function ReportFrame({
  report,
  subtitle,
  controls,
  query,
  children,
}: {
  report: ReportName;
  subtitle: ReactNode;
  controls: ReactNode;
  query: ReportQuery;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <main
      className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8 print:max-w-none print:gap-3 print:px-0 print:py-0"
      data-testid={`report-${report}`}
    >
      <div className="print:hidden">
        <AdminPageHeader
          title={<ReportTitle report={report} />}
          subtitle={subtitle}
          backHref="/admin/reports"
        />
      </div>
      <h1 className="hidden text-2xl font-bold text-teal-800 print:block" aria-hidden="true">
        <ReportTitle report={report} />
      </h1>
      <ReportTabs current={report} />
      <div
        className="flex flex-wrap items-end gap-3 print:hidden"
        role="group"
        aria-label={t`Report choices`}
      >
        {controls}
        <div className="flex flex-wrap gap-2">
          <a
            href={reportCsvHref(report, query, language)}
            download
            className={buttonClass('secondary')}
            data-testid="report-csv"
          >
            <Trans>Download CSV</Trans>
          </a>
          <Button variant="secondary" onPress={() => window.print()} data-testid="report-print">
            <Trans>Print</Trans>
          </Button>
        </div>
      </div>
      {children}
    </main>
  );
}

const tabClass =
  'rounded-full border px-4 py-2 text-sm font-semibold no-underline outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

/** Links between the reports (the current one marked). */
export function ReportTabs({ current }: { current?: ReportName }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Reports`} className="print:hidden">
      <ul className="flex flex-wrap gap-2">
        {REPORT_PATHS.map(({ report, href }) => (
          <li key={report}>
            <Link
              href={href}
              aria-current={report === current ? 'page' : undefined}
              className={`${tabClass} ${
                report === current
                  ? 'border-teal-800 bg-teal-800 text-white'
                  : 'border-sand-200 bg-white text-teal-800 data-[hovered]:border-teal-700'
              }`}
            >
              <ReportTitle report={report} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Loading, its failure (with Retry), or the report. A day whose close stored no books
 * (`books_not_stored`) is no failure to try again: `notStored` says why, and what to choose.
 */
export function ReportBody<T>({
  result,
  children,
  notStored,
}: {
  result: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
  notStored?: ReactNode;
}) {
  const { t } = useLingui();
  if (result.isError && notStored && errorCode(result.error) === 'books_not_stored')
    return (
      <div
        role="status"
        className="flex flex-col gap-2 rounded-xl border border-sand-200 bg-sand-50 p-4 text-slate-900"
        data-testid="report-not-stored"
      >
        {notStored}
      </div>
    );
  if (result.isPending)
    return (
      <p role="status" className="text-slate-700">
        <Trans>Loading the report…</Trans>
      </p>
    );
  if (result.isError)
    return (
      <LoadError onRetry={() => void result.refetch()}>
        {errorMessage(result.error, t`The report could not be loaded.`)}
      </LoadError>
    );
  return <>{children(result.data as T)}</>;
}

/**
 * A day whose close stored no books on hand (before the first close since the reports began, or
 * a day not closed): which day, why (`children`), and the way to the day close.
 */
export function BooksNotStored({ date, children }: { date: string; children: ReactNode }) {
  const language = useLanguage();
  const day = formatDate(date, language);
  return (
    <>
      <p className="font-semibold">
        <Trans>No books on hand were stored for {day}.</Trans>
      </p>
      <p>{children}</p>
      <Link
        href="/admin/day-close"
        className="self-start font-semibold text-teal-800 underline outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
      >
        <Trans>Open the day close</Trans>
      </Link>
    </>
  );
}

/** A figure tile of the flash report. */
export function Tile({ label, value, testId }: { label: ReactNode; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm print:p-2 print:shadow-none">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-teal-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
