import { Plural, Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { Button, LinkButton } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { type RoomTypeEntry, useRoomTypes } from '@/entities/rooms/get-room-types';
import { usePointsBalance } from '../api/get-points-balance';
import { balanceAfter, canAfford } from '../lib/free-night';
import { purchaseFor, writePointsPurchase } from '../lib/points-purchase';
import { NotEnoughPointsDialog } from './not-enough-points-dialog';
import { PointTransactionsList } from './point-transactions-list';
import { CheckList } from '@/components/check-list';
import { useLanguage } from '@/hooks/use-language';
import { pointsCount } from '@/lib/counts';

/**
 * /points-store (spec sections 2 and 9): the balance, one card per room type sold for points
 * (its `freeNightPoints`: 150/160/175/200 for the spec's four), the three steps, what each
 * type's stay earns, and the points history. Choosing a card stores the purchase and opens /points-booking;
 * nothing is spent until that form is sent.
 */
export function PointsStoreScreen() {
  const language = useLanguage();
  const navigate = useNavigate();
  const { email, query, totalPoints } = usePointsBalance();
  // The hotel's room types (GET /api/room-types): a type without a points price is not sold for points.
  const types = useRoomTypes();
  const redeemable = types.data?.filter((type) => type.freeNightPoints !== null) ?? [];
  const [notEnough, setNotEnough] = useState(false);
  const known = query.data !== undefined;
  const n = (value: number) => formatCount(value, language);

  function choose(type: RoomTypeEntry & { freeNightPoints: number }) {
    if (!canAfford(totalPoints, type)) {
      setNotEnough(true);
      return;
    }
    writePointsPurchase(purchaseFor(type));
    void navigate('/points-booking');
  }

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8">
      <div>
        <LinkButton href="/" variant="ghost" className="-ms-3 px-3 py-1.5 text-sm">
          <span aria-hidden="true" className="rtl:rotate-180">
            ←
          </span>
          <Trans>Back to the hotel</Trans>
        </LinkButton>
      </div>
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold text-teal-800">
          <Trans>Points store</Trans>
        </h1>
        <p className="text-slate-700">
          <Trans>Spend your loyalty points on a free night in any of our rooms.</Trans>
        </p>
        <p
          className="self-start rounded-2xl bg-teal-800 px-5 py-3 text-white"
          aria-live="polite"
          data-testid="points-store-balance"
        >
          <span className="block text-sm text-sand-100">
            <Trans>Your balance</Trans>
          </span>
          <span className="text-3xl font-bold">
            {known || !email ? pointsCount(totalPoints, language) : <Trans>Loading…</Trans>}
          </span>
        </p>
      </header>

      <section aria-labelledby="free-nights-heading" className="flex flex-col gap-4">
        <h2 id="free-nights-heading" className="text-xl font-bold text-teal-800">
          <Trans>Free nights</Trans>
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {redeemable.map((type) => (
            <FreeNightCard
              key={type.code}
              type={type}
              balance={totalPoints}
              balanceKnown={known}
              onChoose={() => choose({ ...type, freeNightPoints: type.freeNightPoints! })}
            />
          ))}
        </ul>
        {!types.data ? (
          <p role={types.isError ? 'alert' : 'status'} className="text-slate-700">
            {types.isError ? (
              <Trans>The rooms could not be loaded. Check your connection and try again.</Trans>
            ) : (
              <Trans>Loading rooms…</Trans>
            )}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="how-it-works-heading" className="flex flex-col gap-3">
        <h2 id="how-it-works-heading" className="text-xl font-bold text-teal-800">
          <Trans>How it works</Trans>
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3">
          <Step number={n(1)}>
            <Trans>Choose a room your points cover.</Trans>
          </Step>
          <Step number={n(2)}>
            <Trans>Buy it with your points and fill in the booking form.</Trans>
          </Step>
          <Step number={n(3)}>
            <Trans>Enjoy your stay. It shows in My bookings as a free night.</Trans>
          </Step>
        </ol>
        {types.data && types.data.some((type) => type.pointsPerStay > 0) ? (
          <div className="text-sm text-slate-700" data-testid="points-earned">
            <p>
              <Trans>Each completed stay earns points:</Trans>
            </p>
            <ul className="flex flex-wrap gap-x-4">
              {types.data
                .filter((type) => type.pointsPerStay > 0)
                .map((type) => (
                  <li key={type.code}>
                    {language === 'ar' ? type.nameAr : type.nameEn}:{' '}
                    {pointsCount(type.pointsPerStay, language)}
                  </li>
                ))}
            </ul>
          </div>
        ) : null}
      </section>

      <PointTransactionsList email={email} />

      {notEnough ? <NotEnoughPointsDialog onClose={() => setNotEnough(false)} /> : null}
    </main>
  );
}

function Step({ number, children }: { number: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-sand-200">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-teal-700 font-bold text-white"
      >
        {number}
      </span>
      <span className="text-slate-800">{children}</span>
    </li>
  );
}

function FreeNightCard({
  type: room,
  balance,
  balanceKnown,
  onChoose,
}: {
  type: RoomTypeEntry;
  balance: number;
  balanceKnown: boolean;
  onChoose: () => void;
}) {
  const language = useLanguage();
  const n = (value: number) => formatCount(value, language);
  const roomType = room.code;
  const cost = room.freeNightPoints ?? 0;
  const affordable = balanceKnown && canAfford(balance, room);
  const name = language === 'ar' ? room.nameAr : room.nameEn;
  const headingId = `free-night-${roomType}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200"
      data-testid={`free-night-${roomType}`}
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {name}
      </h3>
      <p className="text-2xl font-bold text-teal-800">{pointsCount(cost, language)}</p>
      {room.amenities.length > 0 ? (
        <CheckList items={room.amenities.map((a) => (language === 'ar' ? a.ar : a.en))} />
      ) : null}
      <div className="mt-auto flex flex-col gap-1 pt-1">
        <Button
          isDisabled={!affordable}
          onPress={onChoose}
          className="w-full"
          aria-describedby={`${headingId}-after`}
        >
          <Trans>Buy with points</Trans>
        </Button>
        <p id={`${headingId}-after`} className="text-center text-sm text-slate-700">
          {!balanceKnown ? null : affordable ? (
            <Trans>Balance after purchase: {pointsCount(balanceAfter(balance, room), language)}</Trans>
          ) : (
            <Plural
              value={cost - balance}
              one={`You need ${n(cost - balance)} more point`}
              other={`You need ${n(cost - balance)} more points`}
            />
          )}
        </p>
      </div>
    </li>
  );
}
