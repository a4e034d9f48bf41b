import type { DeliverySlotOffer } from '@contract/delivery';

type DeliverySlotPickerProps = {
  /** The slots on offer, in time order; undefined while none could be fetched. */
  slots: readonly DeliverySlotOffer[] | undefined;
  /** Why there are no slots to show: offline, the fetch failed, or it is still on its way. */
  missing: 'offline' | 'failed' | 'loading';
  /** The id the order goes with (the earliest free slot until the shopper picks another). */
  value: string | undefined;
  onChange: (slotId: string) => void;
};

/** The order's notes when it goes without a chosen slot (the server then gives the earliest free one). */
const notes = {
  offline: "You can choose a delivery time when you are online; we'll give you the earliest free one.",
  failed: "The delivery times could not be loaded; we'll give you the earliest free one.",
  loading: 'Loading delivery times…',
  full: "Every delivery time is full; we'll give you the earliest free one.",
};

/**
 * The delivery time as radio choices (DESIGN.md §8): one per slot, full ones disabled and
 * marked "Full". Without slots it says what the order will get instead.
 */
export function DeliverySlotPicker({ slots, missing, value, onChange }: DeliverySlotPickerProps) {
  const note = !slots ? notes[missing] : value === undefined ? notes.full : undefined;
  return (
    <fieldset className="grid gap-2" data-testid="delivery-slots">
      <legend className="mb-1 text-sm font-medium">Delivery time</legend>
      {note && (
        <p className="text-sm text-base-content/70" role="status">
          {note}
        </p>
      )}
      {slots && slots.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-2">
          {slots.map((slot) => {
            const full = slot.remaining <= 0;
            return (
              <label
                key={slot.id}
                className={`flex min-h-11 items-center gap-3 rounded-box border px-3 py-2 ${slot.id === value ? 'border-primary bg-primary/5' : 'border-base-300'} ${full ? 'text-base-content/60' : 'cursor-pointer'}`}
              >
                <input type="radio" name="deliverySlot" className="radio radio-primary radio-sm" value={slot.id} checked={slot.id === value} disabled={full} onChange={() => onChange(slot.id)} />
                <span className="flex-1">{slot.label}</span>
                {full && <span className="badge badge-ghost badge-sm">Full</span>}
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
