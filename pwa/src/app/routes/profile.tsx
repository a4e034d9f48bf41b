import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ProfileCard } from '../../features/auth/components/profile-card';
import { DataSaverSwitch } from '../../features/offline/components/data-saver-switch';
import { SaveForOffline } from '../../features/offline/components/save-for-offline';
import { PushSwitch } from '../../features/push/components/push-switch';
import { RequireAuth } from '../guards';

/** `/profile` (DESIGN.md §6: a real page), for signed-in users. */
export default function ProfileRoute() {
  const navigate = useNavigate();
  return (
    <RequireAuth>
      <ProfileCard onSignedOut={() => navigate(paths.home)} />
      <PushSwitch />
      <DataSaverSwitch />
      <SaveForOffline />
    </RequireAuth>
  );
}
