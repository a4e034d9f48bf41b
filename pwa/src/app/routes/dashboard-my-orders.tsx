import type { Product } from '@contract/catalogue';
import type { Order } from '@contract/order';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-store';
import { linesToOrderAgain } from '../../features/cart/cart-model';
import { cartActions } from '../../features/cart/cart-store';
import { productsQueryOptions } from '../../features/catalogue/api/get-products';
import { useSendWithoutRefused } from '../../features/checkout/api/place-order';
import { useUnsentOrders } from '../../features/orders/api/get-unsent-orders';
import { useOrders } from '../../features/orders/api/orders';
import { PushPrompt } from '../../features/push/components/push-prompt';
import { useBkashReturn } from '../../features/orders/use-bkash-return';
import { MyOrders, type UnsentOrder } from '../../features/orders/components/my-orders';
import { apiErrorText } from '../../lib/i18n/api-errors';
import { t } from '../../lib/i18n/i18n';
import { useStoredProductName } from '../../lib/i18n/product-names';
import { readMirror } from '../../lib/offline/catalogue-mirror';
import { dismiss } from '../../lib/offline/outbox/store';
import { useMovedOrders } from '../../lib/offline/outbox/use-moved-orders';
import { notify } from '../../lib/toast';

/**
 * `/dashboard/my-orders`: the user's orders with those still in the outbox; a refused order's
 * "Send without them" orders the rest anew through the outbox, its "Back to cart" puts its lines
 * back in the cart (and removes it), its "Remove" removes it; "Order again" fills the cart from an order.
 * With an order placed, a shopper is offered notifications; `?order=<id>` picks that order out.
 * bKash's return lands here (`?order=&bkash=&bkashCode=`, DESIGN.md §10; see useBkashReturn).
 */
export default function MyOrdersRoute() {
  const { user, admin } = useAuth();
  const client = useQueryClient();
  // `?order=<id>`: a notification's link to one order (DESIGN.md §11), picked out in the list.
  const [search] = useSearchParams();
  // A shopper with an order to follow is asked whether to be told when it moves.
  const { data: orders } = useOrders(user.account);
  const navigate = useNavigate();
  const moved = useMovedOrders(user.account);
  const unsent = useUnsentOrders(user.account);
  const nameOf = useStoredProductName();
  const bkashReturn = useBkashReturn();
  const sendWithoutRefused = useSendWithoutRefused();
  const sendWithout = async (key: string, keepAvailable = false) => {
    try {
      const outcome = await sendWithoutRefused.mutateAsync({ key, keepAvailable });
      if (outcome?.status === 'sent') notify('order', 'success', t('order.successful'));
      else if (outcome?.status === 'queued') notify('order', 'info', t('order.queued'));
    } catch (error) {
      notify('order', 'error', apiErrorText(error, t('order.failed'), nameOf));
    }
  };
  // Today's prices and stock decide: the catalogue as the server has it now, else (offline, or
  // the server unreachable) as this device last saw it. What is out of stock or gone is named.
  const catalogueNow = () =>
    client
      .fetchQuery({ ...productsQueryOptions(), staleTime: 0 })
      .catch(() => readMirror<Product>('products').then((mirrored) => mirrored?.rows ?? []));
  const orderAgain = async (order: Order) => {
    const { lines, skipped } = linesToOrderAgain(order.orderedProduct, await catalogueNow());
    if (cartActions.addLines(lines, skipped)) await navigate(paths.cart);
  };
  // A refused order's lines go back as "Order again" puts an order's; once some are in the cart
  // the refused order goes (the cart now holds it). With none to add it stays, to be removed.
  const backToCart = async (order: UnsentOrder) => {
    const past = order.lines.map(({ _id, name, cartQuantity }) => ({ _id, cartQuantity, name: name ?? _id }));
    const { lines, skipped } = linesToOrderAgain(past, await catalogueNow());
    if (!cartActions.addLines(lines, skipped)) return;
    await dismiss(order.key);
    await navigate(paths.cart);
  };
  return user.account ? (
    <MyOrders
      email={user.account}
      unsent={unsent}
      moved={moved}
      onSendWithout={sendWithout}
      onBackToCart={backToCart}
      onRemove={dismiss}
      onOrderAgain={orderAgain}
      highlight={search.get('order') ?? undefined}
      notice={!admin && orders && orders.length > 0 ? <PushPrompt kind="shopper" /> : undefined}
      bkashReturn={bkashReturn}
    />
  ) : null;
}
