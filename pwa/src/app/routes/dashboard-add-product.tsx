import { AddProduct } from '../../features/admin/components/add-product';
import { useAuth } from '../../features/auth/auth-store';

/** `/dashboard/add-product`: the form checks the admin flag itself (spec §6). */
export default function AddProductRoute() {
  return <AddProduct isAdmin={useAuth().admin} />;
}
