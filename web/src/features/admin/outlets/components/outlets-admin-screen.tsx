import { Time } from '@internationalized/date';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { OUTLET_KINDS, type OutletKind } from '@shared/outlets';
import { ORDER_RULES } from '@shared/outlet-orders';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { Button, LinkButton } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Modal } from '@/components/ui/dialog';
import { Select, SelectItem } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { NumberField } from '@/components/ui/number-field';
import { TextField } from '@/components/ui/text-field';
import { TimeField } from '@/components/ui/time-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { formatTimeOfDay } from '@/lib/format-time';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import {
  type AdminOutlet,
  type OutletsAdminData,
  useOutletsAdmin,
  useSaveOutlet,
} from '../api/outlets-admin';
import { ItemsPanel } from './items-panel';
import { KeysPanel } from './keys-panel';
import { Separator } from '@/components/separator';

/** Each kind of outlet in words. */
export const KIND_LABELS: Record<OutletKind, MessageDescriptor> = {
  restaurant: msg`Restaurant`,
  cafe: msg`Café`,
  spa: msg`Spa`,
  laundry: msg`Laundry`,
  minibar: msg({ message: 'Minibar', context: 'outlet kind' }),
  pool_bar: msg`Pool bar`,
  other: msg`Other`,
};

/**
 * /admin/outlets (managers; docs/decisions/090-outlets.md): the hotel's outlets, each with its
 * hours, staff, menu (names in both languages, price with taxes, the department whose taxes it
 * bears) and the keys of the outside point-of-sale systems that post to it.
 */
export function OutletsAdminScreen() {
  const { t } = useLingui();
  const list = useOutletsAdmin();
  const [editing, setEditing] = useState<AdminOutlet | 'new' | null>(null);
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-5 p-4" data-testid="outlets-admin">
      <AdminPageHeader
        title={<Trans>Outlets</Trans>}
        subtitle={
          <Trans>
            The restaurant, café, spa, minibar …: their menus, hours, staff and point-of-sale keys.
          </Trans>
        }
        actions={
          <Button onPress={() => setEditing('new')} data-testid="outlet-add">
            <Trans>Add an outlet</Trans>
          </Button>
        }
      />
      {list.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(list.error, t`The outlets could not be loaded. Please try again.`)}
        </p>
      ) : !list.data ? (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : list.data.outlets.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No outlets yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.data.outlets.map((outlet) => (
            <OutletCard
              key={outlet.id}
              outlet={outlet}
              staff={list.data.staff}
              onEdit={() => setEditing(outlet)}
            />
          ))}
        </ul>
      )}
      {editing && list.data ? (
        <Modal
          title={editing === 'new' ? t`New outlet` : t`Edit the outlet`}
          isOpen
          onOpenChange={(open) => (!open ? setEditing(null) : undefined)}
        >
          <OutletForm
            outlet={editing === 'new' ? undefined : editing}
            staff={list.data.staff}
            onDone={() => setEditing(null)}
          />
        </Modal>
      ) : null}
    </main>
  );
}

function OutletCard({
  outlet,
  staff,
  onEdit,
}: {
  outlet: AdminOutlet;
  staff: OutletsAdminData['staff'];
  onEdit: () => void;
}) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const [open, setOpen] = useState<'items' | 'keys' | null>(null);
  const names = staff.filter((s) => outlet.staffIds.includes(s.id)).map((s) => s.fullName);
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid="outlet-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-bold text-slate-900">
            {language === 'ar' ? outlet.nameAr : outlet.nameEn}
          </h2>
          <p className="text-slate-700">
            {i18n._(KIND_LABELS[outlet.kind])} ·{' '}
            {outlet.opensAt === outlet.closesAt ? (
              <Trans>Open all day</Trans>
            ) : (
              <Trans>
                {formatTimeOfDay(outlet.opensAt, language)} to {formatTimeOfDay(outlet.closesAt, language)}
              </Trans>
            )}
            {outlet.active ? null : (
              <>
                <Separator />
                <strong className="text-red-700">
                  <Trans>Closed for good</Trans>
                </strong>
              </>
            )}
          </p>
          <p className="text-sm text-slate-700">
            {names.length > 0 ? (
              <Trans>Staff: {names.join(language === 'ar' ? '، ' : ', ')}</Trans>
            ) : (
              <Trans>No staff given yet: managers only.</Trans>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={onEdit}>
            <Trans>Edit</Trans>
          </Button>
          <Button
            variant="secondary"
            onPress={() => setOpen(open === 'items' ? null : 'items')}
            aria-expanded={open === 'items'}
          >
            <Trans>Menu</Trans>
          </Button>
          <Button
            variant="secondary"
            onPress={() => setOpen(open === 'keys' ? null : 'keys')}
            aria-expanded={open === 'keys'}
          >
            <Trans>Point-of-sale keys</Trans>
          </Button>
          <LinkButton variant="ghost" href={`/outlet/${outlet.id}`}>
            <Trans>Open its tablet screen</Trans>
          </LinkButton>
        </div>
      </div>
      {open === 'items' ? <ItemsPanel outletId={outlet.id} /> : null}
      {open === 'keys' ? <KeysPanel outletId={outlet.id} /> : null}
    </li>
  );
}

/** A new outlet, or an outlet's details: names, kind, hours, whether open, and its staff. */
export function OutletForm({
  outlet,
  staff,
  onDone,
}: {
  outlet?: AdminOutlet;
  staff: OutletsAdminData['staff'];
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const save = useSaveOutlet();
  const [nameAr, setNameAr] = useState(outlet?.nameAr ?? '');
  const [nameEn, setNameEn] = useState(outlet?.nameEn ?? '');
  const [kind, setKind] = useState<OutletKind>(outlet?.kind ?? 'restaurant');
  const [opensAt, setOpensAt] = useState<Time | null>(timeOf(outlet?.opensAt ?? '07:00'));
  const [closesAt, setClosesAt] = useState<Time | null>(timeOf(outlet?.closesAt ?? '23:00'));
  const [active, setActive] = useState(outlet?.active ?? true);
  const [appOrders, setAppOrders] = useState(outlet?.appOrders ?? false);
  const [slotCapacity, setSlotCapacity] = useState(outlet?.slotCapacity ?? 1);
  const [staffIds, setStaffIds] = useState<string[]>((outlet?.staffIds ?? []).map(String));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      nameAr,
      nameEn,
      kind,
      opensAt: hhmm(opensAt),
      closesAt: hhmm(closesAt),
      active,
      appOrders,
      slotCapacity,
      staffIds: staffIds.map(Number),
    };
    save.mutate(
      { id: outlet?.id, body },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onDone();
        },
        onError: (failure) => {
          setErrors(fieldErrorsOf(failure));
          showToast({
            variant: 'error',
            title: t`The outlet was not saved`,
            description: errorMessage(failure, t`Please try again.`),
          });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="outlet-form">
      <TextField
        label={t`Name in Arabic`}
        value={nameAr}
        onChange={setNameAr}
        isRequired
        inputDir="rtl"
        isInvalid={!!errors.nameAr}
        errorMessage={errors.nameAr}
      />
      <TextField
        label={t`Name in English`}
        value={nameEn}
        onChange={setNameEn}
        isRequired
        inputDir="ltr"
        isInvalid={!!errors.nameEn}
        errorMessage={errors.nameEn}
      />
      <Select
        label={t`Kind`}
        selectedKey={kind}
        onSelectionChange={(key) => setKind(key as OutletKind)}
        isInvalid={!!errors.kind}
        errorMessage={errors.kind}
      >
        {OUTLET_KINDS.map((k) => (
          <SelectItem key={k} id={k}>
            {i18n._(KIND_LABELS[k])}
          </SelectItem>
        ))}
      </Select>
      <Switch isSelected={active} onChange={setActive}>
        <Trans>Open (takes checks)</Trans>
      </Switch>
      {/* Times of day in the language's clock and digits, as every other time (decision 054). */}
      <TimeField
        label={t`Opens at`}
        description={t`The same time for both: open all day`}
        value={opensAt}
        onChange={setOpensAt}
        isInvalid={!!errors.opensAt}
        errorMessage={errors.opensAt}
        data-testid="outlet-opens-at"
      />
      <TimeField
        label={t`Closes at`}
        description={t`Before the opening time: past midnight`}
        value={closesAt}
        onChange={setClosesAt}
        isInvalid={!!errors.closesAt}
        errorMessage={errors.closesAt}
        data-testid="outlet-closes-at"
      />
      {/* Guests in house order from it in the app; its tablet hears them (decision 102). */}
      <Switch isSelected={appOrders} onChange={setAppOrders} data-testid="outlet-app-orders">
        <Trans>Guests order from it in the app</Trans>
      </Switch>
      <NumberField
        className="min-w-0"
        label={t`Treatments at once`}
        description={t`For treatments booked at a time: how many it gives together (its therapists)`}
        minValue={1}
        maxValue={ORDER_RULES.capacityMax}
        value={slotCapacity}
        onChange={(value) => setSlotCapacity(Number.isFinite(value) ? value : 1)}
        isInvalid={!!errors.slotCapacity}
        errorMessage={errors.slotCapacity}
        decrementLabel={t`Fewer`}
        incrementLabel={t`More`}
      />
      <CheckboxGroup
        label={t`Staff who may use it`}
        value={staffIds}
        onChange={setStaffIds}
        className="sm:col-span-2"
      >
        {staff.map((s) => (
          <Checkbox key={s.id} value={String(s.id)}>
            {s.fullName}{' '}
            <bdi dir="ltr" className="text-sm text-slate-600">
              {s.email}
            </bdi>
          </Checkbox>
        ))}
      </CheckboxGroup>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" isDisabled={save.isPending} data-testid="outlet-save">
          <Trans>Save</Trans>
        </Button>
        <Button variant="secondary" onPress={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** An outlet's `HH:MM` as the time field's value. */
function timeOf(hhmm: string): Time {
  const [hour, minute] = hhmm.split(':').map(Number);
  return new Time(hour, minute);
}

/** The time field's value as the API takes it (`HH:MM`); empty: the server names the field. */
const hhmm = (time: Time | null) =>
  time ? `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}` : '';
