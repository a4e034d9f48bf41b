import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ProfileCard } from '../../features/auth/components/profile-card';
import { DefaultSubstitution } from '../../features/cart/components/default-substitution';
import { useDeliveryAreas } from '../../features/delivery-areas/api/get-delivery-areas';
import { chooseArea } from '../../features/delivery-areas/chosen-area';
import { AreaPicker } from '../../features/delivery-areas/components/area-picker';
import { DataSaverSwitch } from '../../features/offline/components/data-saver-switch';
import { SaveForOffline } from '../../features/offline/components/save-for-offline';
import { PushSwitch } from '../../features/push/components/push-switch';
import { useAuth } from '../../features/auth/auth-store';
import { RequireAuth } from '../guards';

// The store credit (DESIGN.md §19) loads after the profile's own fields, as a chunk of its own.
const StoreCredit = lazy(() => import('../../features/problems/components/store-credit'));

/**
 * `/profile` (DESIGN.md §6: a real page), for signed-in users. Each saved address's area is chosen
 * from the delivery areas (DESIGN.md §15); choosing one also makes it the cart's. Below it, the
 * account's store credit and its entries (features/problems, DESIGN.md §19).
 */
export default function ProfileRoute() {
  const navigate = useNavigate();
  const areas = useDeliveryAreas();
  const { user } = useAuth();
  return (
    <RequireAuth>
      <ProfileCard
        onSignedOut={() => navigate(paths.home)}
        areaPicker={({ value, onChange, error }) => (
          <AreaPicker
            areas={areas.data}
            failed={areas.isError}
            value={value}
            error={error}
            onChange={(id) => {
              onChange(id);
              chooseArea(id);
            }}
          />
        )}
      />
      {user.account && (
        <Suspense fallback={null}>
          <StoreCredit account={user.account} />
        </Suspense>
      )}
      <DefaultSubstitution />
      <PushSwitch />
      <DataSaverSwitch />
      <SaveForOffline />
    </RequireAuth>
  );
}
