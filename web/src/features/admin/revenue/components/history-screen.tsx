import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FileTrigger, Label, ProgressBar } from 'react-aria-components';
import { HISTORY_COLUMNS, HISTORY_REQUIRED_COLUMNS, HISTORY_RULES } from '@shared/revenue';
import { AdminTable } from '@/components/admin/admin-table';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { formatCount, formatDate, formatDateTime, formatFileSize } from '@/lib/format';
import { formatPercent } from '@/lib/format-figures';
import {
  type HistoryImport,
  type HistoryImports,
  useHistoryImport,
  useHistoryImports,
  useUploadHistory,
} from '../api/revenue';
import { RevenueFrame } from './revenue-frame';

/** The column's name as the file writes it, kept left to right inside an Arabic sentence. */
const Column = ({ name }: { name: string }) => (
  <code dir="ltr" className="rounded bg-sand-100 px-1.5 py-0.5 text-sm text-slate-900">
    {name}
  </code>
);

/**
 * /admin/revenue/history (managers): the old system's bookings imported from a CSV file. The file
 * goes up (its progress shown), the server answers at once and reads it in the background; the
 * screen follows the import (asked again every two seconds) and names each refused line, its
 * column and why, in the reader's language. The latest imports below.
 */
export function HistoryScreen() {
  const imports = useHistoryImports();
  const [selected, setSelected] = useState<number | null>(null);
  const shown = selected ?? imports.data?.imports[0]?.id ?? null;
  return (
    <RevenueFrame
      screen="history"
      subtitle={
        <Trans>
          The bookings of the hotel's old system teach the forecast. They are kept as history: never a stay, a
          folio or an invoice.
        </Trans>
      }
    >
      <HistorySummary history={imports.data?.history} />
      <UploadForm onImported={setSelected} />
      {shown !== null ? <ImportProgress id={shown} /> : null}
      <ImportList result={imports} selected={shown} onSelect={setSelected} />
    </RevenueFrame>
  );
}

/** What the imported history holds, as the forecast reads it. */
function HistorySummary({ history }: { history: HistoryImports['history'] | undefined }) {
  const language = useLanguage();
  if (!history) return null;
  return (
    <p className="rounded-xl bg-sand-50 p-4 text-slate-900" data-testid="revenue-history-summary">
      {history.lines > 0 && history.firstArrival && history.lastArrival ? (
        <Trans>
          The history holds {formatCount(history.lines, language)} bookings, arriving from{' '}
          {formatDate(history.firstArrival, language)} to {formatDate(history.lastArrival, language)}.
        </Trans>
      ) : (
        <Trans>No history is imported yet: the forecast learns only from the hotel's own bookings.</Trans>
      )}
    </p>
  );
}

function UploadForm({ onImported }: { onImported: (id: number) => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const upload = useUploadHistory();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const fields = upload.error ? fieldErrorsOf(upload.error) : {};
  return (
    <section
      aria-labelledby="history-upload-title"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
      data-testid="history-upload"
    >
      <h2 id="history-upload-title" className="text-xl font-bold text-teal-800">
        <Trans>Import a file</Trans>
      </h2>
      <div className="flex flex-col gap-2 text-slate-800">
        <p>
          <Trans>
            A CSV file saved as UTF-8 (at most {formatFileSize(HISTORY_RULES.maxFileBytes, language)}), its
            first line naming the columns, in any order; other columns are left out. Dates as YYYY-MM-DD; the
            same booking imported again changes nothing, and a corrected line with the same reference replaces
            it.
          </Trans>
        </p>
        <ul className="flex flex-wrap gap-x-3 gap-y-2" aria-label={t`The columns read`}>
          {HISTORY_COLUMNS.map((column) => (
            <li key={column} className="flex items-center gap-1">
              <Column name={column} />
              {HISTORY_REQUIRED_COLUMNS.includes(column) ? (
                <span className="text-sm text-slate-700">
                  <Trans>(required)</Trans>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-700">
          <Trans>
            status: stayed, cancelled or no_show (a cancellation with its cancelledOn); rooms: a whole number,
            one or more; nationality: a country's two or three letters; rateBaisa: the average night's room
            revenue in baisa.
          </Trans>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <FileTrigger
          acceptedFileTypes={['text/csv', '.csv', 'text/plain']}
          onSelect={(files) => {
            const chosen = files?.[0];
            if (chosen) {
              setFile(chosen);
              upload.reset();
            }
          }}
        >
          <Button variant="secondary" data-testid="history-choose">
            <Trans>Choose a CSV file</Trans>
          </Button>
        </FileTrigger>
        {file ? (
          <span className="text-slate-900" data-testid="history-file">
            <bdi>{file.name}</bdi> ({formatFileSize(file.size, language)})
          </span>
        ) : (
          <span className="text-slate-700">
            <Trans>No file chosen.</Trans>
          </span>
        )}
        <Button
          isDisabled={!file || upload.isPending}
          onPress={() => {
            if (!file) return;
            setProgress(0);
            upload.mutate(
              { file, onProgress: setProgress },
              {
                onSuccess: (result) => {
                  showToast({ variant: 'success', title: result.message });
                  onImported(result.importId);
                  setFile(null);
                },
              },
            );
          }}
          data-testid="history-import"
        >
          <Trans>Import</Trans>
        </Button>
      </div>
      {upload.isPending ? (
        <ProgressBar value={progress * 100} className="flex max-w-md flex-col gap-1">
          {({ percentage }) => (
            <>
              <div className="flex justify-between gap-2 text-sm text-slate-800">
                <Label>
                  <Trans>Sending the file</Trans>
                </Label>
                <span>{formatPercent((percentage ?? 0) / 100, language)}</span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-sand-200">
                <div className="h-full rounded-full bg-teal-700" style={{ width: `${percentage ?? 0}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
      ) : null}
      {upload.isError ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900"
          data-testid="history-error"
        >
          <p>{errorMessage(upload.error, t`The file could not be sent. Try again.`)}</p>
          {Object.keys(fields).length ? (
            <ul className="mt-1 list-inside list-disc">
              {Object.entries(fields).map(([column, message]) => (
                <li key={column}>
                  <Column name={column} /> {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** One import: where it stands, its counts, and its refused lines. */
function ImportProgress({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const result = useHistoryImport(id);
  if (result.isPending)
    return (
      <p role="status" className="text-slate-700">
        <Trans>Loading the import…</Trans>
      </p>
    );
  if (result.isError)
    return (
      <LoadError onRetry={() => void result.refetch()}>
        {errorMessage(result.error, t`The import could not be loaded.`)}
      </LoadError>
    );
  const data = result.data;
  const read = data.fileBytes > 0 ? data.bytesRead / data.fileBytes : 1;
  return (
    <section
      aria-labelledby="history-import-title"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
      data-testid="history-progress"
      data-status={data.status}
    >
      <h2 id="history-import-title" className="text-xl font-bold text-teal-800">
        <Trans>
          Import of <bdi>{data.fileName}</bdi>
        </Trans>
      </h2>
      <p role="status" className="text-slate-900" data-testid="history-status">
        <ImportState data={data} />
      </p>
      {data.status === 'running' ? (
        <ProgressBar value={read * 100} className="flex max-w-md flex-col gap-1">
          {({ percentage }) => (
            <>
              <div className="flex justify-between gap-2 text-sm text-slate-800">
                <Label>
                  {data.phase === 'lines' ? <Trans>Lines read</Trans> : <Trans>The nights' books</Trans>}
                </Label>
                <span>{formatPercent((percentage ?? 0) / 100, language)}</span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-sand-200">
                <div className="h-full rounded-full bg-teal-700" style={{ width: `${percentage ?? 0}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="history-counts">
        {[
          { label: t`Lines read`, value: data.rows, id: 'rows' },
          { label: t`Imported`, value: data.imported, id: 'imported' },
          { label: t`New or corrected`, value: data.added + data.replaced, id: 'changed' },
          { label: t`Refused`, value: data.refusedCount, id: 'refused' },
        ].map((figure) => (
          <div key={figure.id} className="rounded-xl bg-sand-50 p-3">
            <dt className="text-sm text-slate-700">{figure.label}</dt>
            <dd
              className="text-2xl font-bold text-teal-800 tabular-nums"
              data-testid={`history-count-${figure.id}`}
            >
              {formatCount(figure.value, language)}
            </dd>
          </div>
        ))}
      </dl>
      {data.refusedCount > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-lg font-bold text-slate-900">
            <Trans>Refused lines</Trans>
          </h3>
          <p className="text-slate-700">
            <Trans>
              Each is refused alone; the other lines are in. Correct them in the file and import it again: the
              lines already in change nothing.
            </Trans>
            {data.refusedCount > data.refused.length ? (
              <>
                {' '}
                <Trans>The first {formatCount(data.refused.length, language)} are listed.</Trans>
              </>
            ) : null}
          </p>
          <AdminTable
            look="card"
            region={{ label: t`Refused lines` }}
            caption={t`The lines of the file refused, their column and why`}
            className="min-w-[32rem]"
            columns={[
              {
                id: 'line',
                header: <Trans>Line</Trans>,
                isRowHeader: true,
                className: 'tabular-nums',
                cell: (r) => formatCount(r.line, language),
              },
              {
                id: 'field',
                header: <Trans>Column</Trans>,
                cell: (r) => (r.field === 'line' ? <Trans>The whole line</Trans> : <Column name={r.field} />),
              },
              { id: 'why', header: <Trans>Why</Trans>, cell: (r) => fieldMessage(i18n, r.code) },
            ]}
            rows={data.refused}
            rowKey={(r) => `${r.line}-${r.field}`}
            rowProps={(r) => ({ 'data-line': String(r.line) })}
          />
        </div>
      ) : null}
    </section>
  );
}

function ImportState({ data }: { data: HistoryImport }) {
  const language = useLanguage();
  if (data.status === 'failed')
    return <Trans>The import stopped: {data.error?.message ?? ''} The lines read before are kept.</Trans>;
  if (data.status === 'done')
    return data.finishedAt ? (
      <Trans>Done on {formatDateTime(data.finishedAt, language)}.</Trans>
    ) : (
      <Trans>Done.</Trans>
    );
  return data.phase === 'lines' ? (
    <Trans>Reading the file in the background: the figures below grow as it goes.</Trans>
  ) : (
    <Trans>Every line is in; the nights' books are being rebuilt for the forecast.</Trans>
  );
}

function ImportList({
  result,
  selected,
  onSelect,
}: {
  result: { data: HistoryImports | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  if (result.isError)
    return (
      <LoadError onRetry={() => void result.refetch()}>
        {errorMessage(result.error, t`The imports could not be loaded.`)}
      </LoadError>
    );
  const imports = result.data?.imports ?? [];
  if (imports.length === 0) return null;
  return (
    <section aria-labelledby="history-list-title" className="flex flex-col gap-2">
      <h2 id="history-list-title" className="text-xl font-bold text-teal-800">
        <Trans>The latest imports</Trans>
      </h2>
      <AdminTable
        look="card"
        region={{ label: t`The latest imports` }}
        caption={t`The latest history imports`}
        className="min-w-[40rem]"
        columns={[
          {
            id: 'file',
            header: <Trans>File</Trans>,
            isRowHeader: true,
            cell: (r) => <bdi>{r.fileName}</bdi>,
          },
          {
            id: 'when',
            header: <Trans context="upload time">Sent</Trans>,
            cell: (r) => formatDateTime(r.createdAt, language),
          },
          {
            id: 'status',
            header: <Trans>State</Trans>,
            cell: (r) =>
              r.status === 'done' ? (
                <Trans>Done</Trans>
              ) : r.status === 'failed' ? (
                <Trans>Stopped</Trans>
              ) : (
                <Trans>Reading</Trans>
              ),
          },
          {
            id: 'rows',
            header: <Trans>Lines</Trans>,
            align: 'end',
            className: 'tabular-nums',
            cell: (r) => formatCount(r.rows, language),
          },
          {
            id: 'refused',
            header: <Trans>Refused</Trans>,
            align: 'end',
            className: 'tabular-nums',
            cell: (r) => formatCount(r.refusedCount, language),
          },
          {
            id: 'show',
            header: <span className="sr-only">{t`Show`}</span>,
            cell: (r) =>
              r.id === selected ? (
                <span className="text-sm font-semibold text-teal-800">
                  <Trans>Shown above</Trans>
                </span>
              ) : (
                <Button
                  variant="secondary"
                  onPress={() => onSelect(r.id)}
                  aria-label={t`Show the import of ${r.fileName}`}
                >
                  <Trans>Show</Trans>
                </Button>
              ),
          },
        ]}
        rows={imports}
        rowKey={(r) => r.id}
      />
    </section>
  );
}
