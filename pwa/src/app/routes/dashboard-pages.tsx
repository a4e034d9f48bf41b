/**
 * The dashboard's child screens (spec §2): each composes features for one route. Admin-only
 * routes are guarded in the router; add/update product check the flag themselves (spec §6).
 */
import type { Product } from '@contract/catalogue';
import type { Order } from '@contract/order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { AddAdmin } from '../../features/admin/components/add-admin';
import { AddProduct } from '../../features/admin/components/add-product';
import { ManageProducts } from '../../features/admin/components/manage-products';
import { UpdateProduct } from '../../features/admin/components/update-product';
import { useAuth } from '../../features/auth/auth-store';
import { linesToOrderAgain } from '../../features/cart/cart-model';
import { cartActions } from '../../features/cart/cart-store';
import { productsQueryOptions, useProducts } from '../../features/catalogue/api/get-products';
import { useDeliverySlots } from '../../features/checkout/api/get-delivery-slots';
import { useSendWithoutRefused } from '../../features/checkout/api/place-order';
import { useUnsentOrders } from '../../features/orders/api/get-unsent-orders';
import { orderQueueHeadOptions } from '../../features/orders/api/order-queue';
import { useOrders } from '../../features/orders/api/orders';
import { ManageOrders } from '../../features/orders/components/manage-orders';
import { OrderDetails } from '../../features/orders/components/order-details';
import { MyOrders } from '../../features/orders/components/my-orders';
import { OrderStatus } from '../../features/orders/components/order-products';
import { orderDateText } from '../../features/orders/order-time';
import { readMirror } from '../../lib/offline/catalogue-mirror';
import { useMovedOrders } from '../../lib/offline/outbox/use-moved-orders';
import { useCreateReview } from '../../features/reviews/api/create-review';
import { ReviewForm } from '../../features/reviews/components/review-form';
import { UnsentReviews } from '../../features/reviews/components/unsent-reviews';
import { Spinner } from '../../components/spinner';
import { formatPrice } from '../../lib/format';
import { apiErrorText } from '../../lib/i18n/api-errors';
import { t, useLocale } from '../../lib/i18n/i18n';
import { useStoredProductName } from '../../lib/i18n/product-names';
import { notify } from '../../lib/toast';

/** Dashboard home (spec §2): admins see the pending orders (live) and products; customers their latest order. */
export function DashboardHomeRoute() {
  useLocale(); // renders again in the language chosen
  const { admin, user } = useAuth();
  const { data: products } = useProducts();
  const { data: pending } = useQuery({ ...orderQueueHeadOptions({ status: 'Pending' }), enabled: admin });
  const { data: orders } = useOrders(user.email, !admin);
  const latest = orders?.[0];
  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">{t('dashboard.home')}</h1>
      {admin ? (
        <div className="stats stats-vertical shadow sm:stats-horizontal">
          <Link to={paths.dashboard.manageOrders} className="stat">
            <div className="stat-title">{t('dashboard.pendingOrders')}</div>
            <div className="stat-value text-warning" data-testid="pending-count">
              {!pending
                ? '…'
                : pending.next
                  ? t('dashboard.countMore', { count: pending.orders.length })
                  : t('dashboard.count', { count: pending.orders.length })}
            </div>
          </Link>
          <Link to={paths.dashboard.manageProducts} className="stat">
            <div className="stat-title">{t('dashboard.products')}</div>
            <div className="stat-value text-primary" data-testid="product-count">
              {products ? t('dashboard.count', { count: products.length }) : '…'}
            </div>
          </Link>
        </div>
      ) : latest ? (
        <div className="card max-w-md bg-base-200">
          <div className="card-body">
            <h2 className="card-title">{t('dashboard.latestOrder')}</h2>
            <p>
              {orderDateText(latest)} · {formatPrice(latest.totalAmount)} ·{' '}
              {t('dashboard.productCount', { count: latest.orderedProduct.length })}
            </p>
            <OrderStatus order={latest} />
            <Link to={paths.dashboard.myOrders} className="link link-primary">
              {t('dashboard.allOrders')}
            </Link>
          </div>
        </div>
      ) : (
        <p>
          {t('dashboard.noOrders')}{' '}
          <Link to={paths.shop} className="link link-primary">
            {t('dashboard.fillCart')}
          </Link>
        </p>
      )}
    </section>
  );
}

/** Manage Orders: the live queue, its slot filter offering the slots on sale now. */
export function ManageOrdersRoute() {
  const { data: slots } = useDeliverySlots();
  return <ManageOrders offeredSlots={slots ?? []} orderHref={paths.dashboard.orderDetails.getHref} />;
}

/** An order's details, opened from Manage Orders. */
export function OrderDetailsRoute() {
  const { id = '' } = useParams();
  return <OrderDetails id={id} queueHref={paths.dashboard.manageOrders} />;
}

export function AddProductRoute() {
  return <AddProduct isAdmin={useAuth().admin} />;
}

export function ManageProductsRoute() {
  useLocale(); // renders again in the language chosen
  const { data: products, isPending } = useProducts();
  if (isPending) return <Spinner label={t('shop.loading')} />;
  return <ManageProducts products={products ?? []} updatePath={paths.dashboard.updateProduct.getHref} />;
}

export function UpdateProductRoute() {
  const { id } = useParams();
  const { admin } = useAuth();
  const { data: products, isPending } = useProducts();
  const navigate = useNavigate();
  useLocale(); // renders again in the language chosen
  if (isPending) return <Spinner label={t('dashboard.loadingProduct')} />;
  return (
    <UpdateProduct
      isAdmin={admin}
      product={products?.find((p) => p._id === id)}
      onDone={() => navigate(paths.dashboard.manageProducts)}
    />
  );
}

/**
 * My Orders: the user's orders with those still in the outbox; a refused order's "Send without
 * them" orders the rest anew through the outbox; "Order again" fills the cart from an order.
 */
export function MyOrdersRoute() {
  const { user } = useAuth();
  const client = useQueryClient();
  const navigate = useNavigate();
  const moved = useMovedOrders(user.email);
  const unsent = useUnsentOrders(user.email);
  const nameOf = useStoredProductName();
  const sendWithoutRefused = useSendWithoutRefused();
  const sendWithout = async (key: string) => {
    try {
      const outcome = await sendWithoutRefused.mutateAsync(key);
      if (outcome?.status === 'sent') notify('order', 'success', t('order.successful'));
      else if (outcome?.status === 'queued') notify('order', 'info', t('order.queued'));
    } catch (error) {
      notify('order', 'error', apiErrorText(error, t('order.failed'), nameOf));
    }
  };
  // Today's prices and stock decide: the catalogue as the server has it now, else (offline, or
  // the server unreachable) as this device last saw it. What is out of stock or gone is named.
  const orderAgain = async (order: Order) => {
    const catalogue = await client
      .fetchQuery({ ...productsQueryOptions(), staleTime: 0 })
      .catch(() => readMirror<Product>('products').then((mirrored) => mirrored?.rows ?? []));
    const { lines, skipped } = linesToOrderAgain(order.orderedProduct, catalogue);
    if (cartActions.addLines(lines, skipped)) await navigate(paths.cart);
  };
  return user.email ? (
    <MyOrders email={user.email} unsent={unsent} moved={moved} onSendWithout={sendWithout} onOrderAgain={orderAgain} />
  ) : null;
}

export function AddReviewRoute() {
  const { user } = useAuth();
  const createReview = useCreateReview({ userEmail: user.email ?? '' });
  return (
    <>
      <ReviewForm submit={(review) => createReview.mutateAsync(review).then((outcome) => outcome.status)} />
      <UnsentReviews email={user.email} />
    </>
  );
}

export const AddAdminRoute = () => <AddAdmin />;
