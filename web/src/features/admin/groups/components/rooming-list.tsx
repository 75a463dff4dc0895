import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useState } from 'react';
import { FileTrigger, Input, TextField as AriaTextField } from 'react-aria-components';
import { toArabicIndicDigits } from '@shared/digits';
import { GROUP_RULES } from '@shared/group-schemas';
import { Button } from '@/components/ui/button';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { useLanguage } from '@/hooks/use-language';
import { errorCode, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { guestsCount } from '@/lib/counts';
import { formatCount } from '@/lib/format';
import { exceededLines, refusedLines, useBookRoomingList } from '../api/groups';
import {
  isBlank,
  lineBody,
  newRow,
  type RoomingRow,
  type RowProblem,
  rowProblems,
  rowsFromCsv,
  rowsFromText,
} from '../lib/rooming-lines';

const cellInput =
  'w-full min-h-11 rounded-lg border border-slate-400 bg-white px-2 py-2 text-base text-slate-900 outline-none data-[focused]:border-teal-700 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700 data-[invalid]:border-red-700';

/**
 * The rooming list of a block: typed in a table, pasted (one guest a line: name, phone, room type,
 * adults, apart by tabs or commas; Arabic names as they are) or read from a CSV file, then
 * corrected here and sent at once: one booking per line inside the block at the group's plan, all
 * or none. When the block has no room left for some lines, those lines are marked.
 */
export function RoomingListEntry({
  groupId,
  blockTypes,
}: {
  groupId: number;
  blockTypes: readonly string[];
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const allTypes = useRoomTypes().data ?? [];
  const types = allTypes.filter((type) => blockTypes.length === 0 || blockTypes.includes(type.code));
  // The types a line may take: the block's own (known with the block), else any the hotel sells.
  const allowed = blockTypes.length > 0 ? blockTypes : allTypes.map((type) => type.code);
  const defaultType = blockTypes.length === 1 ? blockTypes[0]! : '';
  const book = useBookRoomingList(groupId);
  const [rows, setRows] = useState<RoomingRow[]>(() => [newRow(defaultType)]);
  const [pasted, setPasted] = useState('');
  const [problems, setProblems] = useState<Map<string, RowProblem[]>>(new Map());
  const [exceeded, setExceeded] = useState<Set<string>>(new Set());
  // The server's reason for each line it refused (its sentence, in the page's language).
  const [refused, setRefused] = useState<Map<string, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const typeName = (code: string) => {
    const type = allTypes.find((x) => x.code === code);
    return type ? (language === 'ar' ? type.nameAr : type.nameEn) : code;
  };

  const reset = () => {
    setProblems(new Map());
    setExceeded(new Set());
    setRefused(new Map());
    setFailure(null);
  };
  const change = (key: string, patch: Partial<RoomingRow>) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    reset();
  };
  const add = (more: RoomingRow[]) => {
    if (more.length === 0) {
      setFailure(t`No guest was found in that text.`);
      return;
    }
    setRows((list) => [...list.filter((r) => !isBlank(r)), ...more].slice(0, GROUP_RULES.roomingListMax));
    reset();
  };
  const readFile = async (file: File) => {
    add(rowsFromCsv(await file.text(), allTypes, defaultType));
  };

  const filled = rows.filter((r) => !isBlank(r));
  const send = () => {
    reset();
    if (filled.length === 0) return setFailure(t`Type, paste or upload at least one guest.`);
    const found = new Map(
      filled.map((r) => [r.key, rowProblems(r, allowed)] as const).filter(([, p]) => p.length > 0),
    );
    if (found.size > 0) {
      setProblems(found);
      return setFailure(t`Some lines need correcting: they are marked.`);
    }
    book.mutate(filled.map(lineBody), {
      onSuccess: (saved) => {
        showToast({
          variant: 'success',
          title: saved?.message ?? t`Booked in the block: ${guestsCount(filled.length, language)}`,
        });
        setRows([newRow(defaultType)]);
      },
      onError: (error) => {
        const reasons = new Map<string, string>();
        for (const [line, reason] of refusedLines(fieldErrorsOf(error))) {
          const key = filled[line]?.key;
          if (key) reasons.set(key, reason);
        }
        setRefused(reasons);
        if (errorCode(error) === 'block_exceeded')
          setExceeded(
            new Set(
              exceededLines(error)
                .map((i) => filled[i]?.key)
                .filter((k): k is string => !!k),
            ),
          );
        setFailure(errorMessage(error, t`The rooming list was not booked. Please try again.`));
      },
    });
  };

  const problemWords: Record<RowProblem, string> = {
    name: t`A name of at least two letters`,
    roomType: t`A room type of the block`,
    adults: t`Adults from 1 to 9`,
    phone: t`A phone number, or nothing`,
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="rooming-heading" data-testid="rooming-list">
      <h2 id="rooming-heading" className="text-xl font-bold text-teal-800">
        <Trans>Rooming list</Trans>
      </h2>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[2fr_1fr]">
        <TextField
          label={<Trans>Paste the list</Trans>}
          description={
            <Trans>
              One guest a line: name, phone, room type, adults, apart by tabs (a spreadsheet&apos;s copy) or
              commas. A line with a name only takes the block&apos;s room type.
            </Trans>
          }
          multiline
          rows={5}
          inputDir="auto"
          value={pasted}
          onChange={setPasted}
          data-testid="rooming-paste"
        />
        <div className="flex flex-col gap-2 md:pt-7">
          <Button
            variant="secondary"
            isDisabled={!pasted.trim()}
            onPress={() => {
              add(rowsFromText(pasted, allTypes, defaultType));
              setPasted('');
            }}
            data-testid="rooming-paste-add"
          >
            <Trans>Add the pasted lines</Trans>
          </Button>
          <FileTrigger
            acceptedFileTypes={['text/csv', '.csv', 'text/plain']}
            onSelect={(files) => {
              const file = files?.[0];
              if (file) void readFile(file);
            }}
          >
            <Button variant="secondary" data-testid="rooming-upload">
              <Trans>Upload a CSV file</Trans>
            </Button>
          </FileTrigger>
        </div>
      </div>
      <div
        role="region"
        aria-label={t`Guests to book`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
        tabIndex={0}
        className="relative overflow-x-auto rounded-xl border border-sand-200 outline-none focus-visible:outline-3 focus-visible:outline-gold-700"
      >
        <table className="w-full min-w-[40rem] border-collapse text-start" data-testid="rooming-table">
          <caption className="sr-only">
            <Trans>Guests to book</Trans>
          </caption>
          <thead className="bg-sand-50 text-sm text-slate-800">
            <tr>
              <th scope="col" className="w-10 px-2 py-2 text-start">
                <Trans>Line</Trans>
              </th>
              <th scope="col" className="px-2 py-2 text-start">
                <Trans>Guest name</Trans>
              </th>
              <th scope="col" className="px-2 py-2 text-start">
                <Trans>Phone</Trans>
              </th>
              <th scope="col" className="px-2 py-2 text-start">
                <Trans>Room type</Trans>
              </th>
              <th scope="col" className="w-20 px-2 py-2 text-start">
                <Trans>Adults</Trans>
              </th>
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {rows.map((row, i) => {
              const line = formatCount(i + 1, language);
              const wrong = problems.get(row.key) ?? [];
              const over = exceeded.has(row.key);
              const reason = refused.get(row.key);
              const reasonId = `rooming-reason-${row.key}`;
              return (
                <Fragment key={row.key}>
                  <tr
                    className={`align-top ${over || wrong.length > 0 || reason ? 'bg-red-50' : ''}`}
                    data-testid="rooming-row"
                    data-exceeded={over ? 'true' : undefined}
                    data-invalid={wrong.length > 0 || reason ? 'true' : undefined}
                    aria-describedby={reason ? reasonId : undefined}
                  >
                    <td className="px-2 py-2 text-slate-700 tabular-nums">
                      {line}
                      {over ? (
                        <span className="block text-xs font-semibold text-red-900">
                          <Trans>Does not fit</Trans>
                        </span>
                      ) : null}
                    </td>
                    <td className="px-2 py-2">
                      <AriaTextField
                        aria-label={t`Guest name, line ${line}`}
                        value={row.fullName}
                        onChange={(v) => change(row.key, { fullName: v })}
                        isInvalid={wrong.includes('name')}
                      >
                        <Input dir="auto" className={cellInput} />
                      </AriaTextField>
                    </td>
                    <td className="px-2 py-2">
                      <AriaTextField
                        aria-label={t`Phone, line ${line}`}
                        value={row.phoneNumber}
                        onChange={(v) => change(row.key, { phoneNumber: v })}
                        isInvalid={wrong.includes('phone')}
                        type="tel"
                      >
                        <Input dir="ltr" className={cellInput} />
                      </AriaTextField>
                    </td>
                    <td className="min-w-36 px-2 py-2">
                      <Select
                        label={<span className="sr-only">{t`Room type, line ${line}`}</span>}
                        placeholder={t`Room type`}
                        selectedKey={row.roomType || null}
                        onSelectionChange={(key) => change(row.key, { roomType: String(key) })}
                        isInvalid={wrong.includes('roomType')}
                      >
                        {types.map((type) => (
                          <SelectItem key={type.code} id={type.code} textValue={typeName(type.code)}>
                            {typeName(type.code)}
                          </SelectItem>
                        ))}
                      </Select>
                    </td>
                    <td className="px-2 py-2">
                      <AriaTextField
                        aria-label={t`Adults, line ${line}`}
                        // A count in the page's digits, beside the line's number (typed in either).
                        value={language === 'ar' ? toArabicIndicDigits(row.adults) : row.adults}
                        onChange={(v) => change(row.key, { adults: v })}
                        isInvalid={wrong.includes('adults')}
                        inputMode="numeric"
                      >
                        <Input dir="ltr" className={cellInput} />
                      </AriaTextField>
                    </td>
                    <td className="px-2 py-2">
                      <Button
                        variant="secondary"
                        className="px-3"
                        aria-label={t`Remove line ${line}`}
                        onPress={() => {
                          setRows((list) =>
                            list.length === 1 ? [newRow(defaultType)] : list.filter((r) => r.key !== row.key),
                          );
                          reset();
                        }}
                      >
                        ×
                      </Button>
                    </td>
                  </tr>
                  {reason ? (
                    // The server's reason, on the line it refused.
                    <tr className="bg-red-50" data-testid="rooming-row-reason">
                      <td colSpan={6} id={reasonId} className="px-2 pb-2 text-sm font-semibold text-red-900">
                        <Trans>
                          Line {line}: {reason}
                        </Trans>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {problems.size > 0 ? (
        <ul className="list-inside list-disc text-sm text-red-900" data-testid="rooming-problems">
          {[...problems].map(([key, wrong]) => (
            <li key={key}>
              <Trans>
                Line {formatCount(rows.findIndex((r) => r.key === key) + 1, language)}:{' '}
                {wrong.map((p) => problemWords[p]).join('; ')}
              </Trans>
            </li>
          ))}
        </ul>
      ) : null}
      {failure ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 font-medium text-red-900"
          data-testid="rooming-error"
        >
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          isDisabled={rows.length >= GROUP_RULES.roomingListMax}
          onPress={() => setRows((list) => [...list, newRow(defaultType)])}
          data-testid="rooming-add-line"
        >
          <Trans>Add a line</Trans>
        </Button>
        <Button
          onPress={send}
          isPending={book.isPending}
          isDisabled={filled.length === 0}
          data-testid="rooming-book"
        >
          <Trans>Book the list in the block ({guestsCount(filled.length, language)})</Trans>
        </Button>
      </div>
    </section>
  );
}
