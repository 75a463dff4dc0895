import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { useMyHotels, useSwitchHotel } from '../api/my-hotels';

/**
 * The tablet's switch between the hotels this account works at (docs/decisions/103): shown only
 * when there is another one; each button signs the account in at that hotel (its own session
 * there, its role there) and opens its back office. A lazy chunk of the admin dashboard.
 */
export default function HotelSwitch() {
  const { t } = useLingui();
  const language = useLanguage();
  const hotels = useMyHotels();
  const go = useSwitchHotel();
  const others = (hotels.data ?? []).filter((hotel) => !hotel.current);
  if (others.length === 0) return null;
  return (
    <section
      aria-labelledby="hotel-switch-heading"
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid="hotel-switch"
    >
      <h2 id="hotel-switch-heading" className="text-lg font-bold text-slate-900">
        <Trans>Your other hotels</Trans>
      </h2>
      <div className="flex flex-wrap gap-2">
        {others.map((hotel) => {
          const name = language === 'ar' ? hotel.nameAr : hotel.nameEn;
          return (
            <Button
              key={hotel.code}
              variant="secondary"
              isPending={go.isPending && go.variables === hotel.code}
              onPress={() =>
                go.mutate(hotel.code, {
                  onError: (error) =>
                    showToast({
                      variant: 'error',
                      title: errorMessage(error, t`The hotel could not be opened.`),
                    }),
                })
              }
            >
              <Trans>Work at {name}</Trans>
            </Button>
          );
        })}
      </div>
    </section>
  );
}
