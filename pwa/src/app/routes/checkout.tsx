import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { rememberContact, useMyProfile } from '../../features/auth/api/my-profile';
import { useAuth } from '../../features/auth/auth-store';
import { unavailableLines } from '../../features/cart/cart-model';
import { atTodaysPrices } from '../../features/cart/todays-prices';
import { cartActions, useCart } from '../../features/cart/cart-store';
import { orderLineChoice, useLineChoices } from '../../features/cart/line-choices';
import { useProducts } from '../../features/catalogue/api/get-products';
import { usePlaceOrder } from '../../features/checkout/api/place-order';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { useDeliveryAreas } from '../../features/delivery-areas/api/get-delivery-areas';
import { chooseArea, useChosenAreaId } from '../../features/delivery-areas/chosen-area';
import { AreaPicker } from '../../features/delivery-areas/components/area-picker';
import { useStoreCredit } from '../../features/problems/api/get-credit';

/**
 * `/checkout` (signed-in only; guarded in the router): the checkout form over the cart, placing
 * the order through the outbox (features/checkout/api/place-order.ts). Lines out of stock in the
 * catalogue, or no longer in it, are left out; My Orders shows the order once it is placed, queued or refused. Phone
 * and address start from the account's profile (kept offline), the delivery area from the one the
 * shopper chose (features/delivery-areas; kept offline too); what an order used is saved
 * to it afterwards (features/auth/api/my-profile.ts rememberContact: online only, silently). With
 * store credit (features/problems, kept offline), "Use my credit" is offered (DESIGN.md §19).
 */
export default function CheckoutRoute() {
  const stored = useCart();
  const { data: products } = useProducts();
  // What the shopper sees and the order quotes: today's prices, offline the last ones seen.
  const choicesVersion = useLineChoices();
  // Each line with the shopper's packing choices (DESIGN.md §17), kept per product on this device.
  const cart = useMemo(
    () => atTodaysPrices(stored, products).map((line) => ({ ...line, ...orderLineChoice(line._id) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choices are read again when they change
    [stored, products, choicesVersion],
  );
  const outOfStock = useMemo(() => unavailableLines(cart, products), [cart, products]);
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useMyProfile(user.uid);
  const areas = useDeliveryAreas();
  const chosenAreaId = useChosenAreaId();
  const credit = useStoreCredit(user.account);
  const email = user.email ?? '';
  // The outbox keeps the order under the account: its e-mail, or phone number (auth-store.ts).
  const placeOrder = usePlaceOrder({
    userEmail: user.account ?? '',
    catalogue: products,
    clearCart: cartActions.clearAfterOrder,
  });
  return (
    <CheckoutPage
      cart={cart}
      outOfStock={outOfStock}
      user={{ email, displayName: user.displayName ?? '' }}
      shopPath={paths.shop}
      cartPath={paths.cart}
      submitOrder={(order, key) => placeOrder.mutateAsync({ order, key })}
      onOrdered={() => navigate(paths.dashboard.myOrders)}
      onPaid={cartActions.clearAfterOrder}
      saved={profile.data}
      onContactUsed={(used) => user.uid && void rememberContact(queryClient, user.uid, used)}
      areas={areas.data}
      chosenAreaId={chosenAreaId}
      onChooseArea={chooseArea}
      areaPicker={(props) => <AreaPicker areas={areas.data} failed={areas.isError} {...props} />}
      creditBalance={credit.data?.balance}
    />
  );
}
