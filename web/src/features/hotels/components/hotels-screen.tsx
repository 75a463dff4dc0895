import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { addDays, hotelToday } from '@shared/dates';
import type { ChainAvailabilityHotel, ChainHotel } from '@shared/chain-schemas';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatPrice } from '@/lib/format';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { useChainAvailability, useGoToHotel, useHotels } from '../api/hotels';

const cardClass = 'flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5';

/**
 * /hotels: the chain's hotels (docs/decisions/103). A guest chooses a hotel (each is served at its
 * own address, where their one account signs in), or searches dates across all of them and sees
 * each hotel's rooms left and price for the stay side by side.
 */
export function HotelsScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const hotels = useHotels();
  const [stay, setStay] = useState<{ from: string; to: string } | null>({
    from: addDays(hotelToday(), 1),
    to: addDays(hotelToday(), 2),
  });
  const [adults, setAdults] = useState(2);
  const [search, setSearch] = useState<{ from: string; to: string; adults: number } | null>(null);
  const results = useChainAvailability(search);
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold text-slate-900">
          <Trans>Our hotels</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>One account and one points balance at every hotel of the chain.</Trans>
        </p>
      </header>
      {hotels.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the hotels…</Trans>
        </p>
      ) : hotels.isError ? (
        <LoadError onRetry={() => void hotels.refetch()}>
          {errorMessage(hotels.error, t`The hotels could not be loaded.`)}
        </LoadError>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" data-testid="hotel-list">
          {hotels.data.hotels.map((hotel) => (
            <li key={hotel.code} className={cardClass} data-hotel={hotel.code}>
              <HotelCard hotel={hotel} />
            </li>
          ))}
        </ul>
      )}
      <section className={cardClass} aria-labelledby="chain-search-title">
        <h2 id="chain-search-title" className="text-xl font-bold text-slate-900">
          <Trans>Search every hotel</Trans>
        </h2>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (stay) setSearch({ ...stay, adults });
          }}
        >
          <DateRangePicker
            label={t`Your stay`}
            value={stay}
            onChange={setStay}
            minValue={hotelToday()}
            isRequired
            className="w-full sm:w-80"
          />
          <Select
            label={t`Adults`}
            selectedKey={String(adults)}
            onSelectionChange={(key) => setAdults(Number(key))}
            className="w-full sm:w-36"
          >
            {[1, 2, 3, 4].map((n) => (
              <SelectItem key={n} id={String(n)}>
                {formatCount(n, language)}
              </SelectItem>
            ))}
          </Select>
          <Button type="submit" isDisabled={!stay}>
            <Trans>Search</Trans>
          </Button>
        </form>
        {search === null ? null : results.isPending ? (
          <p role="status" className="text-slate-700">
            <Trans>Searching every hotel…</Trans>
          </p>
        ) : results.isError ? (
          <LoadError onRetry={() => void results.refetch()}>
            {errorMessage(results.error, t`The search could not be made.`)}
          </LoadError>
        ) : (
          <div className="grid gap-4 md:grid-cols-2" data-testid="chain-availability">
            {results.data.hotels.map((answer) => (
              <HotelAvailability key={answer.hotel.code} answer={answer} />
            ))}
          </div>
        )}
      </section>
    </main>
  );
}

function hotelName(hotel: ChainHotel, language: 'ar' | 'en') {
  return language === 'ar' ? hotel.nameAr : hotel.nameEn;
}

function HotelCard({ hotel }: { hotel: ChainHotel }) {
  const language = useLanguage();
  const name = hotelName(hotel, language);
  return (
    <>
      <div className="flex flex-col gap-0.5">
        <h2 className="text-lg font-bold text-slate-900">{name}</h2>
        <p className="text-slate-700">{language === 'ar' ? hotel.cityAr : hotel.cityEn}</p>
      </div>
      {hotel.current ? (
        <p className="font-semibold text-teal-800">
          <Trans>You are at this hotel</Trans>
        </p>
      ) : (
        <HotelLink hotel={hotel} next="/">
          <Trans>Go to {name}</Trans>
        </HotelLink>
      )}
    </>
  );
}

/**
 * A link to another hotel of the chain: signed in, it carries the guest's session there (the
 * handoff), so they arrive signed in with their one account; signed out, the hotel's address.
 */
function HotelLink({ hotel, next, children }: { hotel: ChainHotel; next: string; children: ReactNode }) {
  const { t } = useLingui();
  const signedIn = Boolean(useCurrentUser().data);
  const go = useGoToHotel();
  return (
    <div className="flex flex-col gap-1">
      <a
        href={`${hotel.origin}${next}`}
        className={buttonClass('secondary')}
        aria-disabled={go.isPending || undefined}
        onClick={(event) => {
          if (!signedIn || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          if (!go.isPending) go.mutate({ hotel: hotel.code, next });
        }}
      >
        {children}
      </a>
      {go.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(
            go.error,
            t`You could not be signed in at that hotel: sign in there with the same account.`,
          )}
        </p>
      ) : null}
    </div>
  );
}

function HotelAvailability({ answer }: { answer: ChainAvailabilityHotel }) {
  const language = useLanguage();
  const name = hotelName(answer.hotel, language);
  const offered = answer.roomTypes.filter((type) => type.available > 0 && type.priceBaisa !== null);
  return (
    <article
      className="flex flex-col gap-2 rounded-xl border border-sand-200 p-3"
      data-hotel={answer.hotel.code}
      aria-label={name}
    >
      <h3 className="text-lg font-bold text-slate-900">{name}</h3>
      {answer.error ? (
        <p className="text-red-800">
          <Trans>This hotel could not answer now: try again in a moment.</Trans>
        </p>
      ) : offered.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No room is free for these dates.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-sand-100">
          {offered.map((type) => {
            const left = formatCount(type.available, language);
            return (
              <li key={type.code} className="flex items-baseline justify-between gap-3 py-2">
                <span>
                  <span className="font-semibold">{language === 'ar' ? type.nameAr : type.nameEn}</span>{' '}
                  <span className="text-sm text-slate-700">
                    <Trans>{left} left</Trans>
                  </span>
                </span>
                <span className="font-semibold tabular-nums">{formatPrice(type.priceBaisa!, language)}</span>
              </li>
            );
          })}
        </ul>
      )}
      {answer.hotel.current ? null : (
        <HotelLink hotel={answer.hotel} next="/?quick=true">
          <Trans>Book at {name}</Trans>
        </HotelLink>
      )}
    </article>
  );
}
