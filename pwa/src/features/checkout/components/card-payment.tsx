import { useEffect, useRef } from 'react';

/**
 * Stripe's embedded Checkout for one order (`@stripe/stripe-js`, loaded only here). The amount
 * is the server's; this only mounts the hosted card form and reports completion or failure.
 */
export function CardPayment({
  publishableKey,
  fetchClientSecret,
  onComplete,
  onError,
}: {
  publishableKey: string;
  fetchClientSecret: () => Promise<string>;
  onComplete: () => void;
  onError: (error: unknown) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let destroy: (() => void) | undefined;
    let cancelled = false;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey);
      if (!stripe || cancelled || !container.current) throw new Error('Stripe could not be loaded');
      const checkout = await stripe.createEmbeddedCheckoutPage({ fetchClientSecret, onComplete });
      if (cancelled) return checkout.destroy();
      checkout.mount(container.current);
      destroy = () => checkout.destroy();
    })().catch(onError);
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [publishableKey, fetchClientSecret, onComplete, onError]);
  return <div ref={container} data-testid="stripe-checkout" />;
}
