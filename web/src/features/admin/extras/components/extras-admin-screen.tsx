import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { extraKindLabel } from '@/entities/extras/extra-words';
import { departmentLabel } from '@/entities/folio/folio-words';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatPrice } from '@/lib/format';
import { formatTimeOfDay } from '@/lib/format-time';
import { type AdminExtra, type ExtrasAdminData, useDeleteExtra, useExtrasAdmin } from '../api/extras-admin';
import { ExtraForm } from './extra-form';
import { Separator } from '@/components/separator';

/**
 * /admin/extras (managers; docs/decisions/098-stay-extras.md): what a guest may add to a stay before
 * arriving. Each offer with its kind, price and tax department, names and descriptions in both
 * languages, photo, the plans and room types that may buy it, its hours and daily cap (an early
 * check-in, a late check-out), and whether it is sold at once or waits for the front desk.
 */
export function ExtrasAdminScreen() {
  const { t } = useLingui();
  const list = useExtrasAdmin();
  const [editing, setEditing] = useState<AdminExtra | 'new' | null>(null);
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-5 p-4" data-testid="extras-admin">
      <AdminPageHeader
        title={<Trans>Extras</Trans>}
        subtitle={
          <Trans>
            What guests can add to their stay before arriving: upgrades, early check-in, late check-out,
            breakfast, transfers…
          </Trans>
        }
        actions={
          <Button onPress={() => setEditing('new')} data-testid="extra-new">
            <Trans>Add an extra</Trans>
          </Button>
        }
      />
      {list.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(list.error, t`The extras could not be loaded. Please try again.`)}
        </p>
      ) : !list.data ? (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : list.data.extras.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No extras yet.</Trans>
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.data.extras.map((extra) => (
            <ExtraCard key={extra.id} extra={extra} data={list.data} onEdit={() => setEditing(extra)} />
          ))}
        </ul>
      )}
      {editing && list.data ? (
        <Modal
          title={editing === 'new' ? t`New extra` : t`Edit the extra`}
          size="lg"
          isOpen
          onOpenChange={(open) => (!open ? setEditing(null) : undefined)}
        >
          <ExtraForm
            extra={editing === 'new' ? undefined : editing}
            data={list.data}
            onDone={() => setEditing(null)}
          />
        </Modal>
      ) : null}
    </main>
  );
}

function ExtraCard({
  extra,
  data,
  onEdit,
}: {
  extra: AdminExtra;
  data: ExtrasAdminData;
  onEdit: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const remove = useDeleteExtra();
  const typeName = (code: string | null) => {
    const type = data.roomTypes.find((r) => r.code === code);
    return type ? (language === 'ar' ? type.nameAr : type.nameEn) : (code ?? '');
  };
  const planNames = extra.ratePlans
    .map((code) => data.ratePlans.find((p) => p.code === code))
    .map((p) => (p ? (language === 'ar' ? p.nameAr : p.nameEn) : ''))
    .join(language === 'ar' ? '، ' : ', ');
  const price = formatPrice(extra.priceBaisa, language);
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid="extra-card"
      data-kind={extra.kind}
    >
      <div className="flex items-start gap-3">
        {extra.photo ? (
          <img
            src={extra.photo.src}
            width={96}
            height={64}
            alt=""
            loading="lazy"
            className="h-16 w-24 shrink-0 rounded-lg object-cover"
          />
        ) : null}
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-lg font-bold text-slate-900">
            {language === 'ar' ? extra.nameAr : extra.nameEn}
          </h2>
          <p className="text-sm text-slate-700">
            {extraKindLabel(i18n, extra.kind)} · {departmentLabel(i18n, extra.department)}
            {extra.active ? null : (
              <>
                <Separator />
                <strong className="text-red-700">
                  <Trans>Not offered</Trans>
                </strong>
              </>
            )}
          </p>
        </div>
      </div>
      <p className="font-semibold text-teal-900">
        {extra.kind === 'upgrade' ? (
          <Trans>
            {typeName(extra.fromRoomType)} to {typeName(extra.toRoomType)}: {price} a night
          </Trans>
        ) : extra.kind === 'breakfast' ? (
          <Trans>{price} a person a night</Trans>
        ) : extra.kind === 'transfer' ? (
          <Trans>{price} a car</Trans>
        ) : extra.tiers.length > 0 ? (
          extra.tiers
            .map(
              (tier) => `${formatTimeOfDay(tier.time, language)}: ${formatPrice(tier.priceBaisa, language)}`,
            )
            .join(' · ')
        ) : (
          price
        )}
      </p>
      <p className="text-sm text-slate-700">
        {extra.instant ? <Trans>Sold at once</Trans> : <Trans>Waits for the front desk’s approval</Trans>}
        {extra.dailyCap !== null ? (
          <>
            <Separator />
            <Trans>At most {formatCount(extra.dailyCap, language)} rooms a day</Trans>
          </>
        ) : null}
        {extra.ratePlans.length > 0 ? (
          <>
            <Separator />
            <Trans>Plans: {planNames}</Trans>
          </>
        ) : null}
        {extra.roomTypes.length > 0 ? (
          <>
            <Separator />
            <Trans>Rooms: {extra.roomTypes.map(typeName).join(language === 'ar' ? '، ' : ', ')}</Trans>
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onPress={onEdit} data-testid="extra-edit">
          <Trans>Edit</Trans>
        </Button>
        <Button
          variant="ghost"
          isPending={remove.isPending}
          onPress={() =>
            remove.mutate(extra.id, {
              onSuccess: (result) => showToast({ variant: 'success', title: result.message }),
              onError: (failure) =>
                showToast({
                  variant: 'error',
                  title: t`The extra was not deleted`,
                  description: errorMessage(failure, t`Please try again.`),
                }),
            })
          }
        >
          <Trans>Delete</Trans>
        </Button>
      </div>
    </li>
  );
}
