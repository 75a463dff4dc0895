import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useState } from 'react';
import type { ChainHotel } from '@shared/chain-schemas';
import { LoadError } from '@/components/load-error';
import { TextField } from '@/components/ui/text-field';
import { roleName } from '@/entities/session/role-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { charactersCount } from '@/lib/counts';
import { formatCount } from '@/lib/format';
import {
  CHAIN_GUEST_SEARCH_MIN,
  type ChainGuestAccount,
  chainGuestQuery,
  groupByAccount,
  useChainGuestSearch,
  useChainHotels,
} from '../api/search-chain-guests';

/**
 * "Guests across the hotels" (docs/decisions/103): the chain's guest identity index searched by
 * the start of a name or an e-mail, an account a card with the hotels it is known at and its role
 * at each. The index is the chain's (its manager's and the deployment's admin's), never a desk's.
 */
export function ChainGuestsSection() {
  const { t } = useLingui();
  const language = useLanguage();
  const [typed, setTyped] = useState('');
  const q = useDeferredValue(chainGuestQuery(typed));
  const searching = q.length >= CHAIN_GUEST_SEARCH_MIN;
  const search = useChainGuestSearch(q);
  const hotels = useChainHotels();
  const accounts = searching && search.data ? groupByAccount(search.data) : [];
  const found = formatCount(accounts.length, language);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="chain-guests-title" data-testid="chain-guests">
      <h2 id="chain-guests-title" className="text-xl font-bold text-slate-900">
        <Trans>Guests across the hotels</Trans>
      </h2>
      <div className="w-full sm:max-w-md">
        <TextField
          label={t`Find an account of the chain`}
          description={t`The start of a name or of an e-mail address: at least ${charactersCount(CHAIN_GUEST_SEARCH_MIN, language)}`}
          type="search"
          value={typed}
          onChange={setTyped}
          autoComplete="off"
        />
      </div>
      {!searching ? null : search.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Searching the hotels…</Trans>
        </p>
      ) : search.isError ? (
        <LoadError onRetry={() => void search.refetch()}>
          {errorMessage(search.error, t`The search could not be made.`)}
        </LoadError>
      ) : (
        <>
          <p role="status" className="text-slate-700">
            {accounts.length === 0 ? (
              <Trans>No account of the chain matches this search.</Trans>
            ) : (
              <Plural
                value={accounts.length}
                one={`${found} account found`}
                other={`${found} accounts found`}
              />
            )}
          </p>
          {accounts.length > 0 ? (
            <ul className="grid gap-3 md:grid-cols-2" aria-label={t`Accounts found`}>
              {accounts.map((account) => (
                <ChainGuestCard key={account.email} account={account} hotels={hotels.data ?? []} />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}

function ChainGuestCard({ account, hotels }: { account: ChainGuestAccount; hotels: ChainHotel[] }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const nameOf = (code: string) => {
    const hotel = hotels.find((h) => h.code === code);
    return hotel ? (language === 'ar' ? hotel.nameAr : hotel.nameEn) : code;
  };
  return (
    <li
      className="flex min-w-0 flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid="chain-guest"
      data-email={account.email}
    >
      <p className="font-bold text-slate-900">{account.fullName}</p>
      <p className="flex flex-col gap-0.5 text-sm text-slate-700">
        <bdi dir="ltr" className="truncate">
          {account.email}
        </bdi>
        {account.phone ? (
          <bdi dir="ltr" className="whitespace-nowrap" data-testid="chain-guest-phone">
            {account.phone}
          </bdi>
        ) : null}
      </p>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label={t`Hotels where ${account.fullName} is known`}>
        {account.hotels.map(({ hotel, role }) => (
          <li
            key={hotel}
            className="rounded-full bg-sand-100 px-3 py-1 text-teal-900"
            data-hotel={hotel}
            data-testid="chain-guest-hotel"
          >
            <span className="font-semibold">{nameOf(hotel)}</span>
            {' · '}
            {roleName(i18n, role)}
          </li>
        ))}
      </ul>
    </li>
  );
}
