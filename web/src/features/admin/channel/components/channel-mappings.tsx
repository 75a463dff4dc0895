import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { ChannelMappings } from '@shared/channel-schemas';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useRatePlans } from '@/entities/rates/get-rate-plans';
import { ratePlanName } from '@/entities/rates/rate-plan-labels';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { useOnline } from '@/lib/use-online';
import { useChannelMappings, useSaveChannelMappings } from '../api/channel';

/** One line of the form: a room type (ratePlan '') or a plan sold for a type, and its channel id. */
type Row = { roomType: string; ratePlan: string; channelId: string };
const rowKey = (r: { roomType: string; ratePlan: string }) => `${r.roomType}\u0000${r.ratePlan}`;

/**
 * The lines to show: every room type the hotel sells and every plan of each, then whatever is
 * mapped beyond them (a retired type or plan still mapped), each with its channel id ('' when not
 * mapped). Exported for its test.
 */
export function mappingRows(
  mappings: ChannelMappings,
  types: readonly { code: string }[],
  plans: readonly { code: string; roomTypes: readonly string[] }[],
): Row[] {
  const ids = new Map<string, string>([
    ...mappings.roomTypes.map((m) => [rowKey({ roomType: m.code, ratePlan: '' }), m.channelId] as const),
    ...mappings.ratePlans.map((m) => [rowKey(m), m.channelId] as const),
  ]);
  const rows: Row[] = [];
  const seen = new Set<string>();
  const add = (roomType: string, ratePlan: string) => {
    const key = rowKey({ roomType, ratePlan });
    if (seen.has(key)) return;
    seen.add(key);
    rows.push({ roomType, ratePlan, channelId: ids.get(key) ?? '' });
  };
  for (const type of types) {
    add(type.code, '');
    for (const plan of plans) if (plan.roomTypes.includes(type.code)) add(type.code, plan.code);
  }
  for (const m of mappings.roomTypes) add(m.code, '');
  for (const m of mappings.ratePlans) add(m.roomType, m.ratePlan);
  return rows;
}

/** The body of PUT /mappings: the lines with a channel id (an empty one is not mapped). */
export function mappingsBody(rows: readonly Row[]): ChannelMappings {
  const filled = rows.filter((r) => r.channelId.trim() !== '');
  return {
    roomTypes: filled
      .filter((r) => r.ratePlan === '')
      .map((r) => ({ code: r.roomType, channelId: r.channelId.trim() })),
    ratePlans: filled
      .filter((r) => r.ratePlan !== '')
      .map((r) => ({ ratePlan: r.ratePlan, roomType: r.roomType, channelId: r.channelId.trim() })),
  };
}

export function ChannelMappingsEditor({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const mappings = useChannelMappings();
  const types = useRoomTypes();
  const plans = useRatePlans();
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5"
      aria-labelledby="channel-mappings-heading"
    >
      <div className="flex flex-col gap-1">
        <h2 id="channel-mappings-heading" className="text-xl font-bold text-teal-800">
          <Trans>Room types and plans at the channel manager</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Trans>
            Each room type and each plan of it, with the id the channel manager gives it. Left empty, it is
            not sold on the booking sites.
          </Trans>
        </p>
      </div>
      {mappings.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the mappings…</Trans>
        </p>
      ) : mappings.isError ? (
        <LoadError onRetry={() => void mappings.refetch()}>
          {errorMessage(mappings.error, t`The mappings could not be loaded.`)}
        </LoadError>
      ) : (
        <MappingsForm
          key={JSON.stringify(mappings.data)}
          initial={mappingRows(
            mappings.data,
            Array.isArray(types.data) ? types.data : [],
            plans.data?.ratePlans ?? [],
          )}
          canEdit={canEdit}
        />
      )}
    </section>
  );
}

function MappingsForm({ initial, canEdit }: { initial: Row[]; canEdit: boolean }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const roomName = useRoomName();
  const plans = useRatePlans().data?.ratePlans;
  const save = useSaveChannelMappings();
  const [rows, setRows] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const body = mappingsBody(rows);
  // The server keys its refusals by the body's positions: a line's position among the filled ones.
  const errorOf = (row: Row) => {
    const list = row.ratePlan === '' ? 'roomTypes' : 'ratePlans';
    const index =
      row.ratePlan === ''
        ? body.roomTypes.findIndex((m) => m.code === row.roomType)
        : body.ratePlans.findIndex((m) => m.ratePlan === row.ratePlan && m.roomType === row.roomType);
    if (index < 0) return undefined;
    return fieldMessage(i18n, errors[`${list}.${index}.channelId`] ?? errors[`${list}.${index}`]);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(body, {
      onSuccess: (saved) => {
        setErrors({});
        showToast({ variant: 'success', title: saved.message });
      },
      onError: (failure) => {
        setErrors(fieldErrorsOf(failure));
        showToast({
          variant: 'error',
          title: t`The mappings were not saved`,
          description: errorMessage(failure, t`Please try again.`),
        });
      },
    });
  }

  const label = (row: Row) =>
    row.ratePlan === ''
      ? roomName(row.roomType)
      : `${roomName(row.roomType)} · ${ratePlanName(
          plans?.find((p) => p.code === row.ratePlan),
          row.ratePlan,
          language,
        )}`;
  const listError = fieldMessage(i18n, errors['_'] ?? errors['roomTypes'] ?? errors['ratePlans']);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" data-testid="channel-mappings">
      {listError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {listError}
        </p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {rows.map((row, i) => (
          <li key={rowKey(row)} className={row.ratePlan === '' ? 'sm:col-span-2' : 'sm:ps-6'}>
            <TextField
              label={label(row)}
              value={row.channelId}
              onChange={(channelId) =>
                setRows((all) => all.map((r, j) => (j === i ? { ...r, channelId } : r)))
              }
              inputDir="ltr"
              isReadOnly={!canEdit}
              isInvalid={!!errorOf(row)}
              errorMessage={errorOf(row)}
              description={row.channelId.trim() === '' ? t`Not mapped: not sold there` : undefined}
              data-testid="channel-mapping"
            />
          </li>
        ))}
      </ul>
      {canEdit ? (
        <div>
          <Button
            type="submit"
            isPending={save.isPending}
            isDisabled={!online}
            data-testid="channel-mappings-save"
          >
            <Trans>Save the mappings</Trans>
          </Button>
        </div>
      ) : null}
    </form>
  );
}
