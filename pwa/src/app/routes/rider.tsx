import { useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-store';
import { useDeliveryAreas } from '../../features/delivery-areas/api/get-delivery-areas';
import { useRoleCode } from '../../features/offline/worker';
import { RiderRun } from '../../features/rider/components/rider-run';
import { useShopToday } from '../../features/rider/use-today';
import { useLocale } from '../../lib/i18n/i18n';
import { productName } from '../../lib/i18n/product-name';

/** A shop date as the `?date=` of the URL may give it (`YYYY-MM-DD`). */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/rider` (signed-in accounts; riders, DESIGN.md §18): the rider's run on their phone, of today
 * or of the shop date in `?date=`. The stops' areas are named from the delivery areas as kept on
 * this device (offline too); the run and the actions come from the rider feature.
 */
export default function RiderRoute() {
  const { user } = useAuth();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const { data: areas } = useDeliveryAreas();
  const today = useShopToday();
  useRoleCode('rider');
  const asked = params.get('date') ?? '';
  const date = DATE.test(asked) ? asked : today;
  return (
    <RiderRun
      account={user.account ?? ''}
      date={date}
      onDate={(next) => setParams(next === today ? {} : { date: next }, { replace: true })}
      areaName={(id) => {
        // Named as area-model.ts names areas (its Bangla name in Bangla), without its chunk: the
        // route's list of chunks is in the shop's first load, and every name there counts.
        const area = id ? areas?.find((candidate) => candidate.id === id) : undefined;
        return area ? productName(area, locale) : (id ?? '');
      }}
      shopHref={paths.shop}
    />
  );
}
