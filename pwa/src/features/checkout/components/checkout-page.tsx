import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import type { SaleUnit } from '@contract/catalogue';
import { orderInputSchema } from '@contract/order';
import type { DeliveryArea } from '@contract/delivery-area';
import { MAX_LINE_NOTE, type Substitution } from '@contract/line-choice';
import type { PayWith } from '@contract/rider';
import { toBdMobileDisplay } from '@contract/phone';
import { creditToApply } from '@contract/credit-amounts';
import { belowMinimumBy, priceCart } from '@contract/pricing';
import { MAX_SAVED_ADDRESSES, savedAddressSchema, type SavedAddress } from '@contract/user';
import { FormField } from '../../../components/form-field';
import { payWithBkash, useBkashOffered } from '../../../lib/bkash';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { contractError } from '../../../lib/i18n/contract-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { formatPrice } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { startCardPayment } from '../api/checkout-api';
import { ceilingTexts } from '../ceiling';
import { BkashChoice } from './bkash-choice';
import { AddressChoice, NEW_ADDRESS, SaveNewAddress, type AddressPick } from './address-choice';
import { AddressFields, type AddressFieldValues } from './address-fields';
import type { OrderToPlace, PlaceOrderResult } from '../api/place-order';
import { slotToOrder, useDeliverySlots } from '../api/get-delivery-slots';
import { CardPayment } from './card-payment';
import { DeliverySlotPicker } from './delivery-slot-picker';
import { NotInOrder } from './not-in-order';
import { OrderSummaryLines } from './order-summary-lines';
import { PayWithChoice } from './pay-with-choice';
import { PriceSummary } from './price-summary';

const formSchema = orderInputSchema.pick({
  customerName: true,
  phone: true,
  areaId: true,
  address: true,
  floor: true,
  landmark: true,
  note: true,
});
type FormValues = z.input<typeof formSchema>;
type CartLine = {
  _id: string;
  name: string;
  nameBn?: string | null;
  price: number;
  image: string;
  unit?: SaleUnit;
  unitSize?: number;
  /** Grams a unit may be off by (weighed lines, DESIGN.md §17); null or missing: none. */
  weightTolerance?: number | null;
  cartQuantity: number;
  /** The shopper's packing choices for the line (DESIGN.md §17); none by default. */
  substitution?: Substitution;
  note?: string;
};

/** A Dhaka address as an order used it (DESIGN.md §15): its area, line, and the parts given. */
export type AddressUsed = { areaId: string; line: string; floor?: string; landmark?: string; note?: string };

/** What a placed or queued order used, for the account's profile: its phone and address, and whether to save the address. */
export type ContactUsed = { phone: string; address: AddressUsed; savedId?: string; saveAs?: string };

/** What the area picker is handed (features/delivery-areas, composed by the route). */
export type AreaPickerSlot = (props: {
  value: string | undefined;
  onChange: (areaId: string) => void;
  error: string | undefined;
}) => ReactNode;

type CheckoutPageProps = {
  cart: readonly CartLine[];
  /** Ids of the products out of stock now: their lines are not ordered. */
  outOfStock: ReadonlySet<string>;
  user: { email: string; displayName: string };
  shopPath: string;
  /** The cart, where a line's note too long is shortened. */
  cartPath?: string;
  /** Places the order (through the outbox) with this Idempotency-Key; empties the cart. */
  submitOrder: (order: OrderToPlace, idempotencyKey: string) => Promise<PlaceOrderResult>;
  /** Called once the order is placed, queued or refused (My Orders shows it). */
  onOrdered: () => void;
  onPaid: () => void;
  /** The account's saved phone and addresses (most recently used first); undefined while unknown. */
  saved?: { phone: string; addresses: readonly SavedAddress[] };
  /** Called once an order is placed or queued, with what it used (the caller saves it for next time). */
  onContactUsed?: (used: ContactUsed) => void;
  /** The delivery areas (undefined while none could be loaded) and the one the shopper chose last. */
  areas: readonly DeliveryArea[] | undefined;
  chosenAreaId: string | undefined;
  /** Remembers the area chosen here (the cart then prices it too). */
  onChooseArea: (areaId: string) => void;
  /** Renders the area picker. */
  areaPicker: AreaPickerSlot;
  /** The account's store credit balance (Tk, DESIGN.md §19); undefined or 0: "Use my credit" is not offered. */
  creditBalance?: number | undefined;
};

const publishableKey = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY;

/** The name a new address is offered under: "Home", else "Office", whichever is not saved yet; else none (the shopper names it). */
function freeLabel(saved: readonly SavedAddress[]): string {
  const taken = new Set(saved.map((a) => a.label.trim().toLowerCase()));
  return [t('savedAddress.defaultLabel'), t('savedAddress.secondLabel')].find((l) => !taken.has(l.toLowerCase())) ?? '';
}

/**
 * The address to start with: the last used saved address in the area the shopper chose (the cart
 * priced that area), else, with no area chosen, the last used one; else a new address.
 */
function firstPick(saved: readonly SavedAddress[], chosenAreaId: string | undefined): AddressPick {
  const pick = chosenAreaId ? saved.find((a) => a.areaId === chosenAreaId) : saved[0];
  return pick?.id ?? NEW_ADDRESS;
}

/** The form's address fields for saved address `address` (none: empty), and its area (an old free-text one has none). */
const fieldsOf = (address: SavedAddress | undefined, areaId: string | undefined) => ({
  areaId: (address ? (address.areaId ?? '') : areaId) ?? '',
  address: address?.line ?? '',
  floor: address?.floor ?? '',
  landmark: address?.landmark ?? '',
  note: address?.note ?? '',
});

/**
 * Checkout (spec §2, §5): name (read-only from the account unless it has none), e-mail
 * (read-only), phone, the delivery area and the address as fields (line, floor, landmark, note
 * for the rider; DESIGN.md §15), the delivery time of the area's slots (DESIGN.md §8), the price
 * summary with the area's fee, and the payment method — cash on delivery always, card when
 * Stripe is configured (online only), bKash when the server offers it (offline too: the order
 * waits in the outbox; once the server has it the shopper goes to bKash's page, or pays later
 * from My Orders). Phone and address start as the last used (the saved profile; a phone in
 * E.164 shown as 01711-223344); the shopper picks a saved address (its area too; an old
 * free-text one asks for its area) or types a new one, saved for next time unless they untick
 * "Save this address". Below the area's minimum order it says how much more and does not
 * order. Each line carries the shopper's packing choices (DESIGN.md §17); with weighed lines the
 * summary gives the estimate and the most the order can cost. Cash on delivery asks which note
 * the shopper pays with (`payWith`: exact, 500 or 1,000 Tk; DESIGN.md §18). With store credit,
 * "Use my credit (X Tk)" sends `useCredit` and the summary shows the credit and what is left to pay
 * (DESIGN.md §19; the server decides what it takes). Lines out of stock are listed apart and left out of the order and its totals. The
 * Idempotency-Key is made when the shopper presses the button and kept for retries, so a double
 * click or a retry makes one order.
 */
export function CheckoutPage({
  cart,
  outOfStock,
  user,
  shopPath,
  cartPath,
  submitOrder,
  onOrdered,
  onPaid,
  saved,
  onContactUsed,
  areas,
  chosenAreaId,
  onChooseArea,
  areaPicker,
  creditBalance = 0,
}: CheckoutPageProps) {
  const locale = useLocale(); // renders again in the language chosen
  const online = useOnline();
  const [method, setMethod] = useState<'cod' | 'card' | 'bkash'>('cod');
  // The note a cash order is paid with, so the rider brings change (DESIGN.md §18).
  const [payWith, setPayWith] = useState<PayWith>('exact');
  // "Use my credit" (DESIGN.md §19): off until the shopper ticks it.
  const [useCredit, setUseCredit] = useState(false);
  const bkashOffered = useBkashOffered();
  const [cardOrder, setCardOrder] = useState<{ _id: string }>();
  const attemptKey = useRef<string | undefined>(undefined);
  const sending = useRef(false);
  const savedAddresses = saved?.addresses ?? [];
  const [pick, setPick] = useState<AddressPick>(() => firstPick(savedAddresses, chosenAreaId));
  const picked = savedAddresses.find((a) => a.id === pick);
  const { register, control, handleSubmit, formState, setValue, setError, getFieldState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      customerName: user.displayName,
      phone: saved?.phone ? toBdMobileDisplay(saved.phone) : '',
      ...fieldsOf(picked, chosenAreaId),
    },
  });
  const areaId = useWatch({ control, name: 'areaId' }) || undefined;
  const area = areas?.find((a) => a.id === areaId);
  const slots = useDeliverySlots(area?.id);
  const [chosenSlot, setChosenSlot] = useState<string>();
  const deliverySlot = slotToOrder(slots.data, chosenSlot);
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
      setPick(firstPick(saved.addresses, chosenAreaId));
      setSaveAs(freeLabel(saved.addresses));
    }
  }
  useEffect(() => {
    if (saved?.phone && !getFieldState('phone').isDirty) setValue('phone', toBdMobileDisplay(saved.phone));
  }, [saved, getFieldState, setValue]);
  const validateArea = formState.isSubmitted;
  useEffect(() => {
    const chosen = saved?.addresses.find((a) => a.id === pick);
    if (!chosen) return;
    for (const [field, value] of Object.entries(fieldsOf(chosen, undefined)))
      setValue(field as keyof AddressFieldValues | 'areaId', value);
  }, [pick, saved?.addresses, setValue]);
  const onPick = (next: AddressPick) => {
    setUntouched(false);
    setPick(next);
    const chosen = savedAddresses.find((a) => a.id === next);
    // Choosing a saved address chooses its area too (remembered for the cart).
    if (chosen?.areaId) onChooseArea(chosen.areaId);
    if (next === NEW_ADDRESS)
      for (const [field, value] of Object.entries(fieldsOf(undefined, areaId)))
        setValue(field as keyof AddressFieldValues | 'areaId', value);
  };
  const onArea = (next: string) => {
    setUntouched(false);
    setValue('areaId', next, { shouldDirty: true, shouldValidate: validateArea });
    onChooseArea(next);
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
  const named = area && { ...area, name: productName(area, locale) };
  const short = belowMinimumBy(priceCart(lines).cartTotal, area);
  // A note longer than a line may carry (the cart says so): the order waits until it is shortened.
  const longNotes = lines.filter((line) => (line.note?.length ?? 0) > MAX_LINE_NOTE);
  const ceiling = ceilingTexts(lines, named, method);
  // The credit this order would take: the balance up to the lines' total (contract/credit.ts).
  const credit = useCredit && creditBalance > 0 ? creditToApply(creditBalance, priceCart(lines).cartTotal) : 0;
  const onSubmit = async (values: FormValues) => {
    if (lines.length === 0 || short > 0 || longNotes.length > 0) return;
    // An area kept on this device that is not delivered to now (or areas not loaded offline).
    if (!area) return setError('areaId', { message: 'Choose a delivery area' });
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
    // zod's output: the phone in E.164, empty optional parts left out (contract/order.ts).
    const { floor, landmark, note } = values;
    const parts = { ...(floor && { floor }), ...(landmark && { landmark }), ...(note && { note }) };
    try {
      // Card needs the connection now; bKash is paid once the server has the order, so it may wait.
      const paymentMethod = method === 'bkash' ? (bkashOffered ? 'bkash' : 'cod') : online ? method : 'cod';
      const result = await submitOrder(
        {
          customerName: values.customerName,
          phone: values.phone,
          areaId: area.id,
          address: values.address,
          ...parts,
          email: user.email,
          paymentMethod,
          // Asked of a cash order only: not of one that falls back to cash offline.
          ...(method === 'cod' && { payWith }),
          // Store credit (DESIGN.md §19): the server takes what is there when it places the order.
          ...(credit > 0 && { useCredit: true }),
          deliverySlot,
          // The subtotal and prices shown here, the area's fee in it: the server never places the
          // order above them (DESIGN.md §16).
          totalAmount: priceCart(lines, area).subtotal,
          // Name, image and unit ride along for the "Waiting to send" list; the server ignores them.
          orderedProduct: lines.map((l) => ({
            _id: l._id,
            cartQuantity: l.cartQuantity,
            name: l.name,
            price: l.price,
            image: l.image,
            unit: l.unit ?? 'kg',
            unitSize: l.unitSize ?? 1,
            // The packing choices (DESIGN.md §17), through the outbox too.
            substitution: l.substitution ?? 'none',
            ...(l.note && { note: l.note }),
          })),
        },
        attemptKey.current,
      );
      attemptKey.current = undefined;
      if (result.status !== 'refused')
        onContactUsed?.({
          phone: values.phone,
          address: { areaId: area.id, line: values.address, ...parts },
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
  // A saved address from before delivery areas: its area is asked for (DESIGN.md §15).
  const needsArea = Boolean(picked && picked.areaId === null && !areaId);
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
          {(field) => (
            <input
              {...field}
              type="tel"
              autoComplete="tel"
              placeholder="01711-223344"
              className={input}
              {...register('phone')}
            />
          )}
        </FormField>
        <AddressChoice
          saved={savedAddresses}
          areaNameOf={(id) => {
            const known = areas?.find((a) => a.id === id);
            return known && productName(known, locale);
          }}
          pick={pick}
          onPick={onPick}
        />
        {needsArea && (
          <p className="alert alert-warning text-sm" role="status">
            {t('area.oldAddress')}
          </p>
        )}
        {areaPicker({ value: areaId, onChange: onArea, error: contractError(errors.areaId?.message) })}
        <AddressFields register={register as unknown as UseFormRegister<AddressFieldValues>} errors={errors} />
        {pick === NEW_ADDRESS && (
          <SaveNewAddress
            save={saveNew}
            onSave={setSaveNew}
            label={saveAs}
            onLabel={setSaveAs}
            labelError={saveAsError}
            full={full}
            max={MAX_SAVED_ADDRESSES}
          />
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
          {method === 'cod' && <PayWithChoice value={payWith} onChange={setPayWith} />}
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
        {creditBalance > 0 && (
          <label className="flex min-h-11 items-center gap-3" data-testid="checkout-use-credit">
            <input
              type="checkbox"
              className="checkbox checkbox-primary"
              checked={useCredit}
              onChange={(event) => setUseCredit(event.target.checked)}
            />
            {t('checkout.credit.use', { amount: formatPrice(creditBalance) })}
          </label>
        )}
        <NotInOrder lines={leftOut} nothingLeft={lines.length === 0} />
        {named && short > 0 && (
          <p className="alert alert-warning" role="status" data-testid="checkout-below-minimum">
            {t('area.moreFor', { amount: formatPrice(short), area: named.name })}{' '}
            <Link to={shopPath} className="link font-semibold">
              {t('area.addMore')}
            </Link>
          </p>
        )}
        {longNotes.length > 0 && (
          <p className="alert alert-warning" role="status" data-testid="checkout-long-notes">
            {t('lineChoice.notesTooLong', {
              names: longNotes.map((line) => productName(line, locale)).join(', '),
              max: MAX_LINE_NOTE,
            })}{' '}
            {cartPath && (
              <Link to={cartPath} className="link font-semibold">
                {t('lineChoice.toCart')}
              </Link>
            )}
          </p>
        )}
        {/* On a phone the summary is below the button: the ceiling is said before the shopper orders too. */}
        {ceiling && (
          <p className="grid gap-1 text-sm md:hidden" data-testid="checkout-ceiling">
            <span className="font-semibold">{ceiling.amounts}</span>
            {ceiling.prepaid && <span>{ceiling.prepaid}</span>}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary min-h-11"
          disabled={formState.isSubmitting || lines.length === 0 || short > 0 || longNotes.length > 0}
        >
          {t('checkout.place')}
        </button>
      </form>
      <aside>
        <h2 className="mb-3 text-lg font-semibold">{t('checkout.yourOrder')}</h2>
        <OrderSummaryLines lines={lines} />
        <PriceSummary lines={lines} area={named} method={method} credit={credit} />
      </aside>
    </section>
  );
}
