/**
 * Toasts with the positions and durations of spec §9: cart, product and review toasts 2000 ms
 * bottom-left; order success 2000 ms; payment success 1000 ms, payment error 2000 ms; admin and
 * approval toasts top-center.
 */
import { toast } from 'sonner';

export type ToastKind = 'info' | 'success' | 'error';

const placements = {
  cart: { position: 'bottom-left', duration: 2000 },
  product: { position: 'bottom-left', duration: 2000 },
  review: { position: 'bottom-left', duration: 2000 },
  order: { position: 'bottom-left', duration: 2000 },
  paymentSuccess: { position: 'bottom-left', duration: 1000 },
  paymentError: { position: 'bottom-left', duration: 2000 },
  admin: { position: 'top-center', duration: 3000 },
} as const;

/** Shows `message` as a `kind` toast placed as spec §9 says for `placement`. */
export function notify(placement: keyof typeof placements, kind: ToastKind, message: string): void {
  toast[kind](message, placements[placement]);
}
