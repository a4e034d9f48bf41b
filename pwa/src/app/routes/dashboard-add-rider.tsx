import { AddRider } from '../../features/admin/components/add-rider';

/** `/dashboard/add-rider` (admins): names riders by e-mail or phone number and lists them (DESIGN.md §18). */
export default function AddRiderRoute() {
  return <AddRider />;
}
