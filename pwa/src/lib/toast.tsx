/**
 * Toasts with the positions and durations of spec §9: cart, product and review toasts 2000 ms
 * bottom-left; order success 2000 ms; payment success 1000 ms, payment error 2000 ms; admin and
 * approval toasts top-center; a language that could not be downloaded top-center too, by the
 * switch. Sonner is loaded with the first toast, not with the page: most first visits show none,
 * and it would be ~9 KiB gzip of every first load (bench/README.md). A toast's message is in the
 * language shown when it was raised; the toaster's own labels follow the language.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useT } from './i18n/i18n';

export type ToastKind = 'info' | 'success' | 'error';

const placements = {
  cart: { position: 'bottom-left', duration: 2000 },
  product: { position: 'bottom-left', duration: 2000 },
  review: { position: 'bottom-left', duration: 2000 },
  order: { position: 'bottom-left', duration: 2000 },
  paymentSuccess: { position: 'bottom-left', duration: 1000 },
  paymentError: { position: 'bottom-left', duration: 2000 },
  admin: { position: 'top-center', duration: 3000 },
  language: { position: 'top-center', duration: 3000 },
} as const;

let wanted = false;
const listeners = new Set<() => void>();
let toasterMounted: () => void = () => undefined;
// Resolves once the Toaster listens: a toast published before that would be lost.
const mounted = new Promise<void>((resolve) => (toasterMounted = resolve));

const Sonner = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Runs after its children's effects, i.e. once Sonner's Toaster has subscribed. */
function WhenMounted({ children }: { children: ReactNode }) {
  useEffect(() => toasterMounted(), []);
  return children;
}

/** The toaster: nothing until the first `notify`, then Sonner's Toaster. Render it once. */
export function Toasts() {
  const t = useT();
  const show = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <WhenMounted>
        <Sonner
          richColors
          closeButton
          containerAriaLabel={t('toast.container')}
          toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
        />
      </WhenMounted>
    </Suspense>
  );
}

/** Shows `message` as a `kind` toast placed as spec §9 says for `placement`. */
export function notify(placement: keyof typeof placements, kind: ToastKind, message: string): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => toast[kind](message, placements[placement]));
}
