import type { DeliverySlotOffer } from '@contract/delivery';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { slotDay, slotLabel, slotTimes } from '../../../lib/i18n/slot-label';

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
  offline: () => t('slots.offline'),
  failed: () => t('slots.failed'),
  loading: () => t('slots.loading'),
  full: () => t('slots.full'),
};

/** The slots by day (a slot id's date is the shop's, as it carries the shop's offset), in order. */
function byDay(slots: readonly DeliverySlotOffer[]): Array<{ day: string; slots: DeliverySlotOffer[] }> {
  const days = new Map<string, DeliverySlotOffer[]>();
  for (const slot of slots) {
    const date = slot.start.slice(0, 10);
    days.set(date, [...(days.get(date) ?? []), slot]);
  }
  return [...days.values()].map((daySlots) => ({ day: slotDay(daySlots[0]?.start ?? ''), slots: daySlots }));
}

/**
 * The delivery time as radio choices (DESIGN.md §8), grouped by day so a phone shows them in a
 * few rows: full slots are disabled and marked "Full". Each radio's name is the slot's whole
 * label. Without slots it says what the order will get instead.
 */
export function DeliverySlotPicker({ slots, missing, value, onChange }: DeliverySlotPickerProps) {
  useLocale(); // renders again in the language chosen
  const note = !slots ? notes[missing]() : value === undefined ? notes.full() : undefined;
  return (
    <fieldset className="grid gap-3" data-testid="delivery-slots">
      <legend className="mb-1 text-sm font-medium">{t('slots.legend')}</legend>
      {note && (
        <p className="text-sm text-base-content/70" role="status">
          {note}
        </p>
      )}
      {slots &&
        byDay(slots).map(({ day, slots: daySlots }) => (
          <div key={day} role="group" aria-label={day}>
            <p className="mb-1 text-sm font-semibold">{day}</p>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {daySlots.map((slot) => {
                const full = slot.remaining <= 0;
                return (
                  <label
                    key={slot.id}
                    className={`flex min-h-11 items-center gap-2 rounded-box border px-2 text-sm ${slot.id === value ? 'border-primary bg-primary/10' : 'border-base-300'} ${full ? 'text-base-content/60' : 'cursor-pointer'}`}
                  >
                    <input
                      type="radio"
                      name="deliverySlot"
                      className="radio radio-primary radio-sm"
                      value={slot.id}
                      aria-label={slotLabel(slot)}
                      checked={slot.id === value}
                      disabled={full}
                      onChange={() => onChange(slot.id)}
                    />
                    <span className="flex flex-col leading-tight">
                      <span className="whitespace-nowrap tabular-nums">{slotTimes(slot)}</span>
                      {full && <span className="text-xs font-semibold">{t('slots.fullSlot')}</span>}
                    </span>
                  </label>
                );
              })}
            </div>
          </div>
        ))}
    </fieldset>
  );
}
