/** The checkout screen, filled in by the checkout issue: a clear "coming soon" body until then. */
import { ComingSoon } from '../../components/coming-soon';

export const CheckoutRoute = () => <ComingSoon title="Checkout" />;
