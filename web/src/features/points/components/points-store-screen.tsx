import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { FREE_NIGHT_COST, POINTS_EARNED, ROOM_TYPES, type RoomType } from '@shared/constants';
import { Button, LinkButton } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { type RoomTier, useRooms } from '@/entities/rooms/get-rooms';
import { roomName } from '@/entities/rooms/room-names';
import { usePointsBalance } from '../api/get-points-balance';
import { balanceAfter, canAfford } from '../lib/free-night';
import { purchaseFor, writePointsPurchase } from '../lib/points-purchase';
import { NotEnoughPointsDialog } from './not-enough-points-dialog';
import { PointTransactionsList } from './point-transactions-list';
import { CheckList } from '@/components/check-list';
import { useLanguage } from '@/hooks/use-language';
import { pointsCount } from '@/lib/counts';

/**
 * /points-store (spec sections 2 and 9): the balance, one card per tier
 * (a free night for 150/160/175/200 points), the three steps and the points
 * history. Choosing a card stores the purchase and opens /points-booking;
 * nothing is spent until that form is sent.
 */
export function PointsStoreScreen() {
  const language = useLanguage();
  const navigate = useNavigate();
  const { email, query, totalPoints } = usePointsBalance();
  const rooms = useRooms();
  const [notEnough, setNotEnough] = useState(false);
  const known = query.data !== undefined;
  const n = (value: number) => formatCount(value, language);

  function choose(roomType: RoomType) {
    if (!canAfford(totalPoints, roomType)) {
      setNotEnough(true);
      return;
    }
    writePointsPurchase(purchaseFor(roomType));
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
          {ROOM_TYPES.map((roomType) => (
            <FreeNightCard
              key={roomType}
              roomType={roomType}
              room={rooms.data?.find((r) => r.roomType === roomType)}
              balance={totalPoints}
              balanceKnown={known}
              onChoose={() => choose(roomType)}
            />
          ))}
        </ul>
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
        <p className="text-sm text-slate-700">
          <Trans>
            Each completed stay earns points: Silver {n(POINTS_EARNED.silver)}, Gold {n(POINTS_EARNED.gold)},
            Diamond {n(POINTS_EARNED.diamond)}, Deluxe {n(POINTS_EARNED.deluxe)}.
          </Trans>
        </p>
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
  roomType,
  room,
  balance,
  balanceKnown,
  onChoose,
}: {
  roomType: RoomType;
  room: RoomTier | undefined;
  balance: number;
  balanceKnown: boolean;
  onChoose: () => void;
}) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const n = (value: number) => formatCount(value, language);
  const cost = FREE_NIGHT_COST[roomType];
  const affordable = balanceKnown && canAfford(balance, roomType);
  const name = room ? (language === 'ar' ? room.nameAr : room.nameEn) : roomName(i18n, roomType);
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
      <p className="text-2xl font-bold text-teal-800">
        <Trans>{n(cost)} points</Trans>
      </p>
      {room && room.amenities.length > 0 ? (
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
            <Trans>Balance after purchase: {pointsCount(balanceAfter(balance, roomType), language)}</Trans>
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
