import { Link } from 'react-router-dom';
import type { Product } from '@contract/catalogue';
import { formatTk } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useDeleteProduct } from '../api/admin';
import { OfflineNote } from './offline-note';
import { StockToggle } from './stock-toggle';

/**
 * Manage Products (spec §2): ID, Product, Image, Price, Update/Delete; the Product cell also has
 * the Bangla name and the in-stock switch.
 */
export function ManageProducts({ products, updatePath }: { products: readonly Product[]; updatePath: (id: string) => string }) {
  const online = useOnline();
  const remove = useDeleteProduct();
  const onDelete = (product: Product) => {
    if (!window.confirm('Are you want to delete this product')) return;
    remove.mutate(product._id, {
      onSuccess: () => notify('product', 'error', 'Deleted product successfully'),
      onError: (error) => notify('product', 'error', error.message),
    });
  };
  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">Manage Products</h1>
      <OfflineNote online={online} />
      <div className="overflow-x-auto">
        <table className="table">
          <thead className="text-base-content">
            <tr>
              <th>ID</th>
              <th>Product</th>
              <th>Image</th>
              <th>Price</th>
              <th>Update/Delete</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p._id} data-testid="product-row">
                <td className="max-w-24 truncate font-mono text-xs" title={p._id}>{p._id.slice(0, 8)}</td>
                <td>
                  <p>{p.name}</p>
                  {p.nameBn && <p lang="bn" className="text-sm text-base-content/70">{p.nameBn}</p>}
                  <StockToggle product={p} disabled={!online} />
                </td>
                <td><img src={p.image} alt="" width={40} height={40} className="h-10 w-10 object-contain" loading="lazy" /></td>
                <td>{formatTk(p.price)} Tk</td>
                <td>
                  <div className="flex gap-2">
                    <Link to={updatePath(p._id)} className={`btn btn-sm min-h-11 ${online ? '' : 'btn-disabled'}`} aria-disabled={!online} aria-label={`Update ${p.name}`}>Update</Link>
                    <button type="button" className="btn btn-error btn-sm min-h-11" disabled={!online} onClick={() => onDelete(p)} aria-label={`Delete ${p.name}`}>Delete</button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
