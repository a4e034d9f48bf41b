import { Link } from 'react-router-dom';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { badgeLabel, cartTotals } from '../cart-model';
import { useCart } from '../cart-store';

/** The header's cart icon with the item count badge (99+ above 99). */
export function CartLink({ to }: { to: string }) {
  const t = useT();
  const { cartTotalQuantity } = cartTotals(useCart());
  return (
    <Link
      to={to}
      className="btn btn-ghost btn-circle min-h-11 min-w-11"
      aria-label={t('cart.link', { count: cartTotalQuantity })}
    >
      <div className="indicator">
        <svg
          xmlns="http://www.w3.org/2000/svg"
          className="h-6 w-6"
          fill="none"
          viewBox="0 0 24 24"
          stroke="currentColor"
          aria-hidden="true"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeWidth={2}
            d="M3 3h2l.4 2M7 13h10l4-8H5.4M7 13 5.4 5M7 13l-2.3 2.3c-.6.6-.2 1.7.7 1.7H17m0 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm-8 2a2 2 0 1 1-4 0 2 2 0 0 1 4 0z"
          />
        </svg>
        <span className="badge indicator-item badge-sm badge-secondary" data-testid="cart-badge">
          {/* The badge's rule (99+) with the language's digits. */}
          {badgeLabel(cartTotalQuantity).replace(/\d+/, (digits) => formatNumber(Number(digits)))}
        </span>
      </div>
    </Link>
  );
}
