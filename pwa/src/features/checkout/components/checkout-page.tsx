import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { SaleUnit } from '@contract/catalogue';
import { orderInputSchema } from '@contract/order';
import { priceCart } from '@contract/pricing';
import { MAX_SAVED_ADDRESSES, savedAddressSchema, type SavedAddress } from '@contract/user';
import { FormField } from '../../../components/form-field';
import { payWithBkash, useBkashOffered } from '../../../lib/bkash';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { contractError } from '../../../lib/i18n/contract-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { startCardPayment } from '../api/checkout-api';
import { BkashChoice } from './bkash-choice';
import { AddressChoice, NEW_ADDRESS, SaveNewAddress, type AddressPick } from './address-choice';
import type { OrderToPlace, PlaceOrderResult } from '../api/place-order';
import { slotToOrder, useDeliverySlots } from '../api/get-delivery-slots';
import { CardPayment } from './card-payment';
import { DeliverySlotPicker } from './delivery-slot-picker';
import { NotInOrder } from './not-in-order';
import { OrderSummaryLines } from './order-summary-lines';
import { PriceSummary } from './price-summary';

const formSchema = orderInputSchema.pick({ customerName: true, phone: true, address: true });
type FormValues = z.input<typeof formSchema>;
type CartLine = {
  _id: string;
  name: string;
  nameBn?: string | null;
  price: number;
  image: string;
  unit?: SaleUnit;
  unitSize?: number;
  cartQuantity: number;
};

/** What a placed or queued order used, for the account's profile: its phone and address, and whether to save the address. */
export type ContactUsed = { phone: string; address: string; savedId?: string; saveAs?: string };

type CheckoutPageProps = {
  cart: readonly CartLine[];
  /** Ids of the products out of stock now: their lines are not ordered. */
  outOfStock: ReadonlySet<string>;
  user: { email: string; displayName: string };
  shopPath: string;
  /** Places the order (through the outbox) with this Idempotency-Key; empties the cart. */
  submitOrder: (order: OrderToPlace, idempotencyKey: string) => Promise<PlaceOrderResult>;
  /** Called once the order is placed, queued or refused (My Orders shows it). */
  onOrdered: () => void;
  onPaid: () => void;
  /** The account's saved phone and addresses (most recently used first); undefined while unknown. */
  saved?: { phone: string; addresses: readonly SavedAddress[] };
  /** Called once an order is placed or queued, with what it used (the caller saves it for next time). */
  onContactUsed?: (used: ContactUsed) => void;
};

const publishableKey = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY;

/** The name a new address is offered under: "Home", else "Office", whichever is not saved yet; else none (the shopper names it). */
function freeLabel(saved: readonly SavedAddress[]): string {
  const taken = new Set(saved.map((a) => a.label.trim().toLowerCase()));
  return [t('savedAddress.defaultLabel'), t('savedAddress.secondLabel')].find((l) => !taken.has(l.toLowerCase())) ?? '';
}

/**
 * Checkout (spec §2, §5): name (read-only from the account unless it has none), e-mail
 * (read-only), phone and address, the delivery time (DESIGN.md §8), the price summary, and the
 * payment method — cash on delivery always, card when Stripe is configured (online only), bKash
 * when the server offers it (offline too: the order waits in the outbox; once the server has it
 * the shopper goes to bKash's page, or pays later from My Orders). Phone and address
 * start as the last used (the saved profile); the shopper picks a saved address or types a new
 * one, saved for next time unless they untick "Save this address". Lines out of stock
 * are listed apart and left out of the order and its totals. The Idempotency-Key is made when
 * the shopper presses the button and kept for retries, so a double click or a retry makes one order.
 */
export function CheckoutPage({
  cart,
  outOfStock,
  user,
  shopPath,
  submitOrder,
  onOrdered,
  onPaid,
  saved,
  onContactUsed,
}: CheckoutPageProps) {
  useLocale(); // renders again in the language chosen
  const online = useOnline();
  const [method, setMethod] = useState<'cod' | 'card' | 'bkash'>('cod');
  const bkashOffered = useBkashOffered();
  const slots = useDeliverySlots();
  const [chosenSlot, setChosenSlot] = useState<string>();
  const deliverySlot = slotToOrder(slots.data, chosenSlot);
  const [cardOrder, setCardOrder] = useState<{ _id: string }>();
  const attemptKey = useRef<string | undefined>(undefined);
  const sending = useRef(false);
  const savedAddresses = saved?.addresses ?? [];
  const first = savedAddresses[0];
  const { register, handleSubmit, formState, setValue, getFieldState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { customerName: user.displayName, phone: saved?.phone ?? '', address: first?.address ?? '' },
  });
  const [pick, setPick] = useState<AddressPick>(first?.id ?? NEW_ADDRESS);
  const [saveNew, setSaveNew] = useState(true);
  const [saveAs, setSaveAs] = useState(() => freeLabel(savedAddresses));
  const [saveAsError, setSaveAsError] = useState<string>();
  // A profile that arrives or changes after the form (online: nothing kept yet, or a fresher copy than
  // the one kept) fills what the shopper has not touched: the choice here, as React adjusts state
  // to a changed prop; the form's fields below.
  const [applied, setApplied] = useState(saved);
  const [untouched, setUntouched] = useState(true);
  if (applied !== saved) {
    setApplied(saved);
    if (saved && untouched && !formState.dirtyFields.address) {
      setPick(saved.addresses[0]?.id ?? NEW_ADDRESS);
      setSaveAs(freeLabel(saved.addresses));
    }
  }
  useEffect(() => {
    if (saved?.phone && !getFieldState('phone').isDirty) setValue('phone', saved.phone);
  }, [saved, getFieldState, setValue]);
  useEffect(() => {
    const chosen = saved?.addresses.find((a) => a.id === pick);
    if (chosen) setValue('address', chosen.address);
  }, [pick, saved?.addresses, setValue]);
  const onPick = (next: AddressPick) => {
    setUntouched(false);
    setPick(next);
    if (next === NEW_ADDRESS) setValue('address', '');
  };
  const addressField = register('address');
  // Typing a saved address picks it; any other text is a new address.
  const onTyped = (text: string) => {
    setUntouched(false);
    const same = savedAddresses.find((a) => a.address.trim().toLowerCase() === text.trim().toLowerCase());
    setPick(same?.id ?? NEW_ADDRESS);
  };
  const full = savedAddresses.length >= MAX_SAVED_ADDRESSES;
  const fetchClientSecret = useCallback(
    () => (cardOrder ? startCardPayment(cardOrder._id) : Promise.reject(new Error('no order'))),
    [cardOrder],
  );
  const onPaymentComplete = useCallback(() => {
    onPaid();
    notify('paymentSuccess', 'success', t('payment.success'));
  }, [onPaid]);
  const onPaymentError = useCallback(() => notify('paymentError', 'error', t('payment.error')), []);

  if (cardOrder)
    return (
      <section className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="mb-4 text-2xl font-bold">{t('payment.title')}</h1>
        <CardPayment
          publishableKey={publishableKey ?? ''}
          fetchClientSecret={fetchClientSecret}
          onComplete={onPaymentComplete}
          onError={onPaymentError}
        />
      </section>
    );
  if (cart.length === 0)
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">{t('checkout.empty')}</h1>
        <p className="mt-2">{t('checkout.emptyText')}</p>
        <Link to={shopPath} className="btn btn-primary mt-6 min-h-11">
          {t('notFound.toShop')}
        </Link>
      </section>
    );

  const lines = cart.filter((line) => !outOfStock.has(line._id));
  const leftOut = cart.filter((line) => outOfStock.has(line._id));
  const onSubmit = async (values: FormValues) => {
    if (lines.length === 0) return;
    const savedPick = savedAddresses.find((a) => a.id === pick);
    const saving = !savedPick && saveNew && !full;
    if (saving) {
      const label = savedAddressSchema.shape.label.safeParse(saveAs);
      setSaveAsError(label.success ? undefined : contractError(label.error.issues[0]?.message));
      if (!label.success) return;
    }
    if (sending.current) return; // a second click while the first is on its way
    sending.current = true;
    attemptKey.current ??= crypto.randomUUID();
    try {
      // Card needs the connection now; bKash is paid once the server has the order, so it may wait.
      const paymentMethod = method === 'bkash' ? (bkashOffered ? 'bkash' : 'cod') : online ? method : 'cod';
      const result = await submitOrder(
        {
          ...values,
          email: user.email,
          paymentMethod,
          deliverySlot,
          // The subtotal and prices shown here: the server never places the order above them (DESIGN.md §16).
          totalAmount: priceCart(lines).subtotal,
          // Name, image and unit ride along for the "Waiting to send" list; the server ignores them.
          orderedProduct: lines.map((l) => ({
            _id: l._id,
            cartQuantity: l.cartQuantity,
            name: l.name,
            price: l.price,
            image: l.image,
            unit: l.unit ?? 'kg',
            unitSize: l.unitSize ?? 1,
          })),
        },
        attemptKey.current,
      );
      attemptKey.current = undefined;
      if (result.status !== 'refused')
        onContactUsed?.({
          phone: values.phone,
          address: values.address,
          savedId: savedPick?.id,
          saveAs: saving ? saveAs.trim() : undefined,
        });
      if (result.status === 'refused') {
        notify('order', 'error', result.message);
        onOrdered();
      } else if (result.status === 'queued') {
        notify('order', 'info', paymentMethod === 'bkash' ? t('bkash.queued') : t('order.queued'));
        onOrdered();
      } else if (paymentMethod === 'bkash') {
        notify('order', 'success', t('bkash.redirecting'));
        // bKash's page next; if it cannot be reached now, My Orders offers "Pay with bKash".
        await payWithBkash(result.order._id).catch((error: unknown) => {
          notify('order', 'error', apiErrorText(error, t('bkash.notStarted')));
          onOrdered();
        });
      } else {
        notify('order', 'success', t('order.successful'));
        if (paymentMethod === 'card') setCardOrder(result.order);
        else onOrdered();
      }
    } catch (error) {
      notify('order', 'error', apiErrorText(error, t('order.failed')));
    } finally {
      sending.current = false;
    }
  };
  const input = 'input input-bordered min-h-11 w-full';
  const { errors } = formState;
  return (
    <section className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_20rem]">
      <form className="grid content-start gap-4" onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
        <h1 className="text-2xl font-bold">{t('checkout.title')}</h1>
        <FormField label={t('auth.name')} error={contractError(errors.customerName?.message)}>
          {(field) => (
            <input {...field} className={input} readOnly={Boolean(user.displayName)} {...register('customerName')} />
          )}
        </FormField>
        {/* An account signed in with a phone number has no e-mail: its order goes without one. */}
        {user.email && (
          <FormField label={t('auth.email')}>
            {(field) => <input {...field} className={input} value={user.email} readOnly />}
          </FormField>
        )}
        <FormField label={t('contact.phone')} error={contractError(errors.phone?.message)}>
          {(field) => <input {...field} type="tel" autoComplete="tel" className={input} {...register('phone')} />}
        </FormField>
        <AddressChoice saved={savedAddresses} pick={pick} onPick={onPick} />
        <FormField label={t('checkout.address')} error={contractError(errors.address?.message)}>
          {(field) => (
            <textarea
              {...field}
              rows={3}
              autoComplete="street-address"
              className="textarea textarea-bordered w-full"
              {...addressField}
              onChange={(event) => {
                onTyped(event.target.value);
                return addressField.onChange(event);
              }}
            />
          )}
        </FormField>
        {pick === NEW_ADDRESS && (
          <>
            <SaveNewAddress
              save={saveNew}
              onSave={setSaveNew}
              label={saveAs}
              onLabel={setSaveAs}
              labelError={saveAsError}
              full={full}
              max={MAX_SAVED_ADDRESSES}
            />
          </>
        )}
        <DeliverySlotPicker
          slots={slots.data}
          missing={!online ? 'offline' : slots.isError ? 'failed' : 'loading'}
          value={deliverySlot}
          onChange={setChosenSlot}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('checkout.payment')}</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name="payment"
              className="radio radio-primary"
              checked={method === 'cod'}
              onChange={() => setMethod('cod')}
            />
            {t('checkout.cod')}
          </label>
          {bkashOffered && (
            <BkashChoice checked={method === 'bkash'} online={online} onChoose={() => setMethod('bkash')} />
          )}
          {publishableKey ? (
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="payment"
                className="radio radio-primary"
                checked={method === 'card' && online}
                disabled={!online}
                onChange={() => setMethod('card')}
              />
              {t('checkout.card')}{' '}
              {!online && <span className="text-sm text-base-content/70">{t('checkout.needsConnection')}</span>}
            </label>
          ) : (
            <p className="text-sm text-base-content/70">
              {bkashOffered ? t('checkout.noCardBkash') : t('checkout.noCard')}
            </p>
          )}
        </fieldset>
        <NotInOrder lines={leftOut} nothingLeft={lines.length === 0} />
        <button
          type="submit"
          className="btn btn-primary min-h-11"
          disabled={formState.isSubmitting || lines.length === 0}
        >
          {t('checkout.place')}
        </button>
      </form>
      <aside>
        <h2 className="mb-3 text-lg font-semibold">{t('checkout.yourOrder')}</h2>
        <OrderSummaryLines lines={lines} />
        <PriceSummary lines={lines} />
      </aside>
    </section>
  );
}
