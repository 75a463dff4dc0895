import { Suspense, useDeferredValue, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button as AriaButton } from 'react-aria-components';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { TextField } from '@/components/ui/text-field';
import { countryName } from '@/entities/guest-profile/guest-document-fields';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import { lazy } from '@/lib/lazy';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useGuest, useGuestSearch, type GuestSummary } from '../api/guests';
import { formatPhone } from '@shared/phone-countries';
import { Separator } from '@/components/separator';

const GuestProfilePanel = lazy(() => import('./guest-profile-panel'));

/**
 * /admin/guests (staff): the guest profiles. Search by any part of a name, phone, e-mail or
 * document number; a profile opens beside the list (`?id=`) to read its stays, correct its
 * registration details, flags and notes, or merge a duplicate into it.
 */
export function GuestsScreen() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState<string | null>(params.get('q'));
  const selected = Number(params.get('id')) || null;
  // A profile opened from elsewhere (the desk) with nothing searched: its name is searched, so
  // possible duplicates are listed beside it, ready to merge.
  const openedName = useGuest(selected).data?.profile.fullName;
  const q = typed ?? openedName ?? '';
  const query = useDeferredValue(q.trim());
  const search = useGuestSearch(query);
  const open = (id: number | null) =>
    navigate(
      `/admin/guests?${new URLSearchParams({ ...(query && { q: query }), ...(id && { id: String(id) }) })}`,
      {
        replace: true,
      },
    );
  const results = query.length >= 2 ? (search.data ?? []) : [];
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Guest profiles</Trans>}
        subtitle={
          <Trans>
            One profile per guest across stays: nationality and document for the registration, VIP and
            do-not-rent.
          </Trans>
        }
      />
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="guest-search-heading" className="flex flex-col gap-3">
          <h2 id="guest-search-heading" className="sr-only">
            <Trans>Search</Trans>
          </h2>
          <TextField
            label={t`Find a guest`}
            description={t`Any part of a name, phone, e-mail or document number`}
            type="search"
            value={q}
            onChange={setTyped}
            autoComplete="off"
          />
          {query.length >= 2 && search.isSuccess && results.length === 0 ? (
            <p className="text-slate-700">
              <Trans>No guest found.</Trans>
            </p>
          ) : null}
          <ul className="flex flex-col gap-2" aria-label={t`Guests found`}>
            {results.map((guest) => (
              <li key={guest.id}>
                <GuestRow guest={guest} isSelected={guest.id === selected} onOpen={() => open(guest.id)} />
              </li>
            ))}
          </ul>
        </section>
        <section aria-label={t`Guest profile`}>
          {selected ? (
            <Suspense fallback={null}>
              <GuestProfilePanel
                id={selected}
                duplicates={results.filter((g) => g.id !== selected)}
                onMerged={() => open(selected)}
              />
            </Suspense>
          ) : (
            <p className="rounded-2xl border border-dashed border-sand-300 p-6 text-slate-700">
              <Trans>Search, then open a guest to see their profile.</Trans>
            </p>
          )}
        </section>
      </div>
    </main>
  );
}

function GuestRow({
  guest,
  isSelected,
  onOpen,
}: {
  guest: GuestSummary;
  isSelected: boolean;
  onOpen: () => void;
}) {
  const language = useLanguage();
  const stays = formatCount(guest.stays, language);
  return (
    <AriaButton
      onPress={onOpen}
      aria-current={isSelected ? 'true' : undefined}
      className={`flex min-h-11 w-full cursor-pointer flex-col items-start gap-1 rounded-2xl border p-4 text-start outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700 data-[hovered]:border-teal-700 ${
        isSelected ? 'border-teal-700 bg-teal-50' : 'border-sand-200 bg-white'
      }`}
    >
      <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        {guest.fullName}
        {guest.vip ? (
          <span className="rounded-full bg-gold-100 px-2 text-sm text-gold-900">
            <Trans>VIP</Trans>
          </span>
        ) : null}
        {guest.doNotRent ? (
          <span className="rounded-full bg-red-100 px-2 text-sm text-red-800">
            <Trans>Do not rent</Trans>
          </span>
        ) : null}
      </span>
      <span className="text-sm text-slate-700">
        <bdi dir="ltr">{formatPhone(guest.phone)}</bdi>
        {guest.nationality ? ` · ${countryName(guest.nationality, language)}` : ''}
        <Separator />
        <Plural value={guest.stays} one={`${stays} stay`} other={`${stays} stays`} />
      </span>
    </AriaButton>
  );
}
