import { useMemo } from 'react';
import { paths } from '../../config/paths';
import { unavailableLines } from '../../features/cart/cart-model';
import { atTodaysPrices } from '../../features/cart/todays-prices';
import { useCart } from '../../features/cart/cart-store';
import { CartPage } from '../../features/cart/components/cart-page';
import { useProducts } from '../../features/catalogue/api/get-products';
import { PriceSummary } from '../../features/checkout/components/price-summary';
import { useDeliveryAreas } from '../../features/delivery-areas/api/get-delivery-areas';
import { areaById, areaName } from '../../features/delivery-areas/area-model';
import { chooseArea, useChosenAreaId } from '../../features/delivery-areas/chosen-area';
import { AreaPicker } from '../../features/delivery-areas/components/area-picker';
import { useLocale } from '../../lib/i18n/i18n';

/**
 * `/cart` (spec §2). The empty cart links to the shop, as the spec's cart page does. Prices, and
 * which lines cannot be bought (out of stock, or no longer sold), are read from the catalogue as
 * it is now (the cart keeps the price a line was added at). The delivery area the shopper chose
 * (features/delivery-areas, kept offline) prices its fee and minimum (DESIGN.md §15).
 */
export default function CartRoute() {
  const stored = useCart();
  const { data: products } = useProducts();
  // What the shopper sees and the order quotes: today's prices, offline the last ones seen.
  const cart = useMemo(() => atTodaysPrices(stored, products), [stored, products]);
  const outOfStock = useMemo(() => unavailableLines(cart, products), [cart, products]);
  const locale = useLocale();
  const areas = useDeliveryAreas();
  const chosenId = useChosenAreaId();
  const chosen = areaById(areas.data, chosenId);
  const area = chosen && { ...chosen, name: areaName(chosen, locale) };
  return (
    <CartPage
      cart={cart}
      shopPath={paths.shop}
      checkoutPath={paths.checkout}
      outOfStock={outOfStock}
      area={area}
      areaPicker={(onChosen) => (
        <AreaPicker
          areas={areas.data}
          failed={areas.isError}
          value={chosenId}
          onChange={(id) => {
            chooseArea(id);
            onChosen();
          }}
        />
      )}
      summary={<PriceSummary lines={cart.filter((line) => !outOfStock.has(line._id))} area={area} />}
    />
  );
}
