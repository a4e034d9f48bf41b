import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { belowMinimumBy, priceCart, type AreaPricing } from '@contract/pricing';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { toleranceLabel, unitPrice } from '../../../lib/i18n/sale-unit';
import { usePictures } from '../../../lib/picture';
import { cartTotals, type Cart } from '../cart-model';
import { cartActions } from '../cart-store';
import { LineChoiceControl } from './line-choice-control';
import { QuantityStepper } from './quantity-stepper';

type CartPageProps = {
  /** The cart's lines at today's prices (cart-model.ts atTodaysPrices). */
  cart: Cart;
  shopPath: string;
  checkoutPath: string;
  /** Ids of the products the catalogue has out of stock now: their lines are marked, and cannot grow. */
  outOfStock: ReadonlySet<string>;
  /** The delivery area chosen (its name in the language shown), or undefined while none is (or it is not known here). */
  area: (AreaPricing & { name: string }) | undefined;
  /** Renders the area picker; `onChosen` closes it once an area is chosen. */
  areaPicker: (onChosen: () => void) => ReactNode;
  /** The price summary of the lines ordered (the area's fee in it). */
  summary: ReactNode;
};

/**
 * `/cart` (spec §2 "Cart page"): the lines, +/−, remove, Clear Cart, total, checkout link. A line
 * whose product is out of stock says so; checkout leaves it out of the order. "Delivery to
 * <area>" with Change, and the price summary with the area's fee (DESIGN.md §15); below the
 * area's minimum order, "X Tk more for <area>" with a progress bar instead of the checkout link
 * (offline too: the areas are kept). No area chosen yet: the picker, and the spec's fee. Each
 * line has its packing choices (what to do if it is missing, a note; DESIGN.md §17).
 */
export function CartPage({ cart, shopPath, checkoutPath, outOfStock, area, areaPicker, summary }: CartPageProps) {
  const t = useT();
  const locale = useLocale();
  const picture = usePictures();
  const [changing, setChanging] = useState(false);
  const { cartTotalAmount } = cartTotals(cart);
  // The minimum counts what is ordered: lines out of stock are left out (as the server counts).
  const ordered = priceCart(cart.filter((item) => !outOfStock.has(item._id))).cartTotal;
  const short = belowMinimumBy(ordered, area);
  if (cart.length === 0)
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{t('cart.empty')}</h1>
        <Link to={shopPath} className="btn btn-primary btn-lg mt-8">
          {t('nav.shop')}
        </Link>
      </section>
    );
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t('cart.heading', { count: cart.length })}</h1>
      <ul className="mt-6 divide-y divide-base-300 rounded-box bg-base-100 shadow-sm ring-1 ring-base-300">
        {cart.map((item) => (
          <li
            key={item._id}
            className="flex flex-wrap items-center gap-x-3 gap-y-4 p-4 sm:gap-x-4"
            data-testid="cart-row"
          >
            <img
              src={picture(item.image)}
              alt=""
              width={64}
              height={64}
              className="h-16 w-16 rounded-box bg-base-200 object-contain p-1"
            />
            <div className="min-w-32 flex-1">
              <p className="font-semibold">{productName(item, locale)}</p>
              <p className="text-sm text-base-content/70" data-testid="cart-unit-price">
                {[unitPrice(item.price, item), toleranceLabel(item.weightTolerance)].filter(Boolean).join(' · ')}
              </p>
              {outOfStock.has(item._id) && (
                <span className="badge badge-neutral mt-1" data-testid="cart-out-of-stock">
                  {t('product.outOfStock')}
                </span>
              )}
            </div>
            <QuantityStepper item={item} canIncrease={!outOfStock.has(item._id)} />
            {/* On a phone the stepper, total and ✕ share the second line: the total takes only its own width. */}
            <p
              className="ml-auto text-right font-semibold whitespace-nowrap sm:ml-0 sm:w-24"
              data-testid="cart-line-total"
            >
              {formatPrice(cartTotals([item]).cartTotalAmount)}
            </p>
            <button
              type="button"
              className="btn btn-ghost btn-square min-h-11 min-w-11 text-error"
              onClick={() => cartActions.remove(item._id)}
              aria-label={t('cart.remove', { name: productName(item, locale) })}
            >
              ✕
            </button>
            <LineChoiceControl productId={item._id} productName={productName(item, locale)} />
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <section className="grid content-start gap-3 rounded-box bg-base-200 p-4" aria-labelledby="cart-delivery">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="cart-delivery" className="font-semibold" data-testid="cart-area">
              {area ? t('cart.deliveryTo', { area: area.name }) : t('cart.chooseArea')}
            </h2>
            {area && (
              <button
                type="button"
                className="btn btn-outline btn-sm min-h-11"
                aria-expanded={changing}
                aria-label={t('cart.changeAreaLabel')}
                onClick={() => setChanging(!changing)}
              >
                {t('cart.changeArea')}
              </button>
            )}
          </div>
          {(changing || !area) && areaPicker(() => setChanging(false))}
          {area && short > 0 && (
            <div className="grid gap-2" data-testid="cart-below-minimum">
              <p className="font-semibold">{t('area.moreFor', { amount: formatPrice(short), area: area.name })}</p>
              <progress
                className="progress progress-warning h-3 w-full"
                value={ordered}
                max={area.minimumOrder}
                aria-label={t('area.progress', {
                  total: formatPrice(ordered),
                  minimum: formatPrice(area.minimumOrder),
                })}
              />
              <p className="text-sm text-base-content/80">
                {t('area.progress', { total: formatPrice(ordered), minimum: formatPrice(area.minimumOrder) })}
              </p>
            </div>
          )}
        </section>
        {summary}
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <button type="button" className="btn btn-outline btn-error min-h-11" onClick={cartActions.clear}>
          {t('cart.clear')}
        </button>
        <div className="text-right">
          <p className="text-xl font-bold">{t('cart.total', { price: formatPrice(cartTotalAmount) })}</p>
          {cart.some((item) => outOfStock.has(item._id)) && (
            <p className="text-sm text-base-content/70">{t('cart.leftOut')}</p>
          )}
          {short > 0 ? (
            <Link to={shopPath} className="btn btn-primary mt-3 min-h-11">
              {t('area.addMore')}
            </Link>
          ) : (
            <Link to={checkoutPath} className="btn btn-primary mt-3 min-h-11">
              {t('cart.checkout')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
