import { BkashMark } from '../../../components/bkash-mark';
import { useT } from '../../../lib/i18n/i18n';

/**
 * Checkout's bKash choice (shown only when the shop offers bKash): its radio with bKash's mark
 * and what happens next — bKash's page once the order is placed, or, offline, once the order is
 * sent (then from My Orders).
 */
export function BkashChoice({
  checked,
  online,
  onChoose,
}: {
  checked: boolean;
  online: boolean;
  onChoose: () => void;
}) {
  const t = useT();
  return (
    <label className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1">
      <input type="radio" name="payment" className="radio radio-primary" checked={checked} onChange={onChoose} />
      <BkashMark />
      <span className="basis-full ps-9 text-sm text-base-content/70 sm:basis-auto sm:ps-0">
        {online ? t('checkout.bkashNext') : t('checkout.bkashOffline')}
      </span>
    </label>
  );
}
