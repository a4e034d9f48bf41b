import { AddAdmin } from '../../features/admin/components/add-admin';

/** `/dashboard/add-admin` (admins): makes another account an admin. */
export default function AddAdminRoute() {
  return <AddAdmin />;
}
