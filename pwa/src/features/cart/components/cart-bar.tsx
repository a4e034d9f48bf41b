import { Link } from 'react-router-dom';
import { formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { cartTotals } from '../cart-model';
import { useCart } from '../cart-store';

// While the bar shows, bottom toasts (Sonner's, cart toasts are bottom-left) rise above it instead
// of covering its count and link: Sonner places them by these two variables, set inline, which
// only an important declaration outranks.
const TOASTS_ABOVE =
  'max-lg:[:root:has(&)_[data-sonner-toaster]]:[--offset-bottom:calc(5rem+env(safe-area-inset-bottom))]! max-lg:[:root:has(&)_[data-sonner-toaster]]:[--mobile-offset-bottom:calc(5rem+env(safe-area-inset-bottom))]!';

/**
 * Phones and tablets (below 1024 px): while the cart has something, a bar fixed at the bottom
 * (above the home indicator's safe area) with the item count — the header badge's — the cart
 * total and a View cart link. A spacer as tall as the bar ends the page, so the footer's last
 * line scrolls clear of it. `hidden` on the pages that are the cart already (cart, checkout,
 * dashboard).
 */
export function CartBar({ cartPath, hidden }: { cartPath: string; hidden: boolean }) {
  const t = useT();
  const cart = useCart();
  if (hidden || cart.length === 0) return null;
  const { cartTotalQuantity, cartTotalAmount } = cartTotals(cart);
  return (
    <>
      <div aria-hidden="true" className="h-[calc(4rem+env(safe-area-inset-bottom))] lg:hidden" />
      <aside
        aria-label={t('cartBar.region')}
        className={`fixed inset-x-0 bottom-0 z-30 bg-base-100 ring-1 ring-base-300 pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgb(0_0_0/0.08)] lg:hidden ${TOASTS_ABOVE}`}
        data-testid="cart-bar"
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <p className="font-semibold" data-testid="cart-bar-summary">
            {t('cartBar.summary', { count: cartTotalQuantity, total: formatPrice(cartTotalAmount) })}
          </p>
          <Link to={cartPath} className="btn btn-primary min-h-11">
            {t('cartBar.viewCart')}
          </Link>
        </div>
      </aside>
    </>
  );
}
