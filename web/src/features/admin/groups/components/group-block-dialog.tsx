import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { createGroupSchema, GROUP_RULES, type GroupDetail } from '@shared/group-schemas';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/dialog';
import { NumberField } from '@/components/ui/number-field';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { ratePlanName } from '@/entities/rates/rate-plan-labels';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { formatCount } from '@/lib/format';
import { focusFirstInvalid } from '@/lib/use-form-fields';
import { useCompanies, useGroupPlans, useSaveGroup } from '../api/groups';
import {
  type BlockForm,
  createBody,
  emptyBlock,
  formOfBlock,
  newLine,
  type RoomLine,
  unsoldLines,
  updateBody,
} from '../lib/block-form';

const NO_COMPANY = 'none';

/**
 * A new block, or a block's changes (`detail`): name, company (a city-ledger account), rate plan
 * (private company plans too), tentative or definite, release date, billing, and the rooms held:
 * lines of a type from a first to a last night. The server's refusals show in the page's language,
 * each under its field where it names one.
 */
export function GroupBlockDialog({
  detail,
  onClose,
  onSaved,
}: {
  detail?: GroupDetail;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const companies = useCompanies().data ?? [];
  const plans = (useGroupPlans().data ?? []).filter((p) => p.active || p.code === detail?.group.ratePlan);
  const types = useRoomTypes().data ?? [];
  const save = useSaveGroup();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<BlockForm>(() => (detail ? formOfBlock(detail) : emptyBlock()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof BlockForm>(field: K, value: BlockForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const setLine = (key: string, patch: Partial<RoomLine>) => {
    setForm((f) => ({ ...f, rooms: f.rooms.map((l) => (l.key === key ? { ...l, ...patch } : l)) }));
    setErrors({});
  };
  const message = (field: string) => fieldMessage(i18n, errors[field]) || undefined;
  // A line of a type the chosen plan does not sell: said on the line as soon as it is chosen
  // (the server refuses it too: its rooming list could never book those rooms at that plan).
  const plan = plans.find((p) => p.code === form.ratePlan);
  const unsold = new Set(unsoldLines(form, plan?.roomTypes, detail?.nights));
  const planName = plan ? ratePlanName(plan, plan.code, language) : '';
  const unsoldWords = t`The plan “${planName}” does not sell this room type`;
  const typeMessage = (i: number) =>
    message(`rooms.${i}.roomType`) ?? (unsold.has(i) ? unsoldWords : undefined);
  const refuse = (found: Record<string, string>) => {
    setErrors(found);
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  };

  const submit = () => {
    setFailure(null);
    const body = createBody(form);
    const checked = createGroupSchema.safeParse(body);
    if (!checked.success || unsold.size > 0) {
      const found: Record<string, string> = {};
      for (const issue of checked.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
      for (const i of unsold) found[`rooms.${i}.roomType`] ??= unsoldWords;
      return refuse(found);
    }
    save.mutate(
      detail ? { id: detail.group.id, body: updateBody(form, detail.nights) } : { body: checked.data },
      {
        onSuccess: (saved) => onSaved(saved.group.id),
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (Object.keys(fields).length > 0) refuse(fields);
          setFailure(errorMessage(error, t`The block was not saved. Please try again.`));
        },
      },
    );
  };

  const planLabel = (p: (typeof plans)[number]) => {
    const name = ratePlanName(p, p.code, language);
    return 'public' in p && p.public === false ? t`${name} (private)` : name;
  };

  return (
    <Modal
      isOpen
      onOpenChange={(open) => (open ? null : onClose())}
      title={detail ? <Trans>Change the block</Trans> : <Trans>New group block</Trans>}
      size="lg"
    >
      <Form
        ref={formRef}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="group-form"
      >
        <TextField
          label={<Trans>Group name</Trans>}
          value={form.name}
          onChange={(v) => set('name', v)}
          maxLength={GROUP_RULES.nameMax}
          isRequired
          isInvalid={!!message('name')}
          errorMessage={message('name')}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select
            label={<Trans>Company</Trans>}
            selectedKey={form.companyId || NO_COMPANY}
            onSelectionChange={(key) => {
              const company = companies.find((c) => String(c.id) === String(key));
              set('companyId', company ? String(company.id) : '');
              // A company's negotiated plan is the block's unless one was chosen already.
              const negotiated = company?.ratePlanCodes?.[0];
              if (negotiated && !form.ratePlan && !detail) set('ratePlan', negotiated);
            }}
            isInvalid={!!message('companyId')}
            errorMessage={message('companyId')}
          >
            <SelectItem id={NO_COMPANY}>{t`No company`}</SelectItem>
            {companies.map((c) => (
              <SelectItem key={c.id} id={String(c.id)} textValue={c.name}>
                {c.name}
              </SelectItem>
            ))}
          </Select>
          <Select
            label={<Trans>Rate plan</Trans>}
            selectedKey={form.ratePlan || null}
            onSelectionChange={(key) => set('ratePlan', String(key))}
            isDisabled={!!detail}
            isRequired
            isInvalid={!!message('ratePlan')}
            errorMessage={message('ratePlan')}
          >
            {plans.map((p) => (
              <SelectItem key={p.code} id={p.code} textValue={planLabel(p)}>
                {planLabel(p)}
              </SelectItem>
            ))}
          </Select>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <RadioGroup
            label={<Trans>Status</Trans>}
            value={form.status}
            onChange={(v) => set('status', v as BlockForm['status'])}
            isInvalid={!!message('status')}
            errorMessage={message('status')}
          >
            <RadioOption value="tentative">
              <Trans>Tentative</Trans>
            </RadioOption>
            <RadioOption value="definite">
              <Trans>Definite</Trans>
            </RadioOption>
          </RadioGroup>
          <DatePicker
            label={<Trans>Release date</Trans>}
            description={<Trans>The night's close returns the rooms not picked up to sale.</Trans>}
            value={form.releaseDate}
            onChange={(v) => set('releaseDate', v)}
            isRequired
            errorMessage={message('releaseDate')}
          />
        </div>
        <RadioGroup
          label={<Trans>Billing</Trans>}
          value={form.billing}
          onChange={(v) => set('billing', v as BlockForm['billing'])}
          isInvalid={!!message('billing')}
          errorMessage={message('billing')}
        >
          <RadioOption value="individual">
            <Trans>Each guest pays their own</Trans>
          </RadioOption>
          <RadioOption value="master">
            <Trans>Master account: room nights to the group</Trans>
          </RadioOption>
        </RadioGroup>
        {/* A container: a line's columns follow the dialog's width, not the screen's (at 1024 px
            the dialog is narrower than five columns, and Remove was cut off). */}
        <fieldset className="@container flex flex-col gap-3 rounded-xl border border-sand-200 p-3">
          <legend className="px-1 font-semibold text-slate-800">
            <Trans>Rooms held</Trans>
          </legend>
          {message('rooms') ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {message('rooms')}
            </p>
          ) : null}
          {form.rooms.map((line, i) => (
            <div
              key={line.key}
              className="grid grid-cols-1 items-end gap-3 border-b border-sand-100 pb-3 @md:grid-cols-2 @2xl:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.9fr)] @5xl:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.9fr)_auto]"
              data-testid="group-room-line"
            >
              <Select
                label={<Trans>Room type</Trans>}
                selectedKey={line.roomType || null}
                onSelectionChange={(key) => setLine(line.key, { roomType: String(key) })}
                isInvalid={!!typeMessage(i)}
                errorMessage={typeMessage(i)}
              >
                {types.map((type) => (
                  <SelectItem
                    key={type.code}
                    id={type.code}
                    textValue={language === 'ar' ? type.nameAr : type.nameEn}
                  >
                    {language === 'ar' ? type.nameAr : type.nameEn}
                  </SelectItem>
                ))}
              </Select>
              <DatePicker
                label={<Trans>First night</Trans>}
                value={line.from}
                onChange={(v) => setLine(line.key, { from: v })}
                errorMessage={message(`rooms.${i}.from`)}
              />
              <DatePicker
                label={<Trans>Last night</Trans>}
                value={line.to}
                onChange={(v) => setLine(line.key, { to: v })}
                errorMessage={message(`rooms.${i}.to`)}
              />
              <NumberField
                label={<Trans>Rooms</Trans>}
                value={line.count}
                onChange={(v) => setLine(line.key, { count: Number.isFinite(v) ? v : 0 })}
                minValue={detail ? 0 : 1}
                maxValue={GROUP_RULES.heldMax}
                decrementLabel={t`Fewer rooms`}
                incrementLabel={t`More rooms`}
                isInvalid={!!message(`rooms.${i}.count`)}
                errorMessage={message(`rooms.${i}.count`)}
              />
              <Button
                variant="secondary"
                className="justify-self-end @md:col-span-2 @2xl:col-span-4 @5xl:col-span-1"
                isDisabled={form.rooms.length === 1}
                onPress={() =>
                  set(
                    'rooms',
                    form.rooms.filter((l) => l.key !== line.key),
                  )
                }
                aria-label={t`Remove line ${formatCount(i + 1, language)}`}
              >
                <Trans>Remove</Trans>
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            className="self-start"
            isDisabled={form.rooms.length >= GROUP_RULES.roomLinesMax}
            onPress={() => {
              const last = form.rooms.at(-1);
              set('rooms', [...form.rooms, newLine('', last?.from ?? '', last?.to ?? '')]);
            }}
          >
            <Trans>Add a room type or dates</Trans>
          </Button>
        </fieldset>
        {failure ? (
          <p
            role="alert"
            className="rounded-xl bg-red-50 p-3 font-medium text-red-900"
            data-testid="group-form-error"
          >
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isPending={save.isPending} data-testid="group-save">
            {detail ? <Trans>Save the changes</Trans> : <Trans>Create the block</Trans>}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
