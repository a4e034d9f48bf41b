import type { DeliverySlotOffer } from '@contract/delivery';
import { intlLocale, t, useLocale } from '../../../lib/i18n/i18n';

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

const formats = new Map<string, Intl.DateTimeFormat>();
/** A formatter in the language shown, in the shop's time zone (Asia/Dhaka); English days as "Sun 22 Nov" (en-GB). */
function format(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale() === 'en-BD' ? 'en-GB' : intlLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) formats.set(key, (made = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Asia/Dhaka' })));
  return made;
}
/** "Sun 22 Nov": the shop's day a slot starting at `start` (ISO 8601) falls on. */
const dayOf = (start: string): string => format({ weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(start));
/** "09:00": the shop's time of day of `time` (ISO 8601). */
const timeOf = (time: string): string => format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(time));

/** The slots by day (a slot id's date is the shop's, as it carries the shop's offset), in order. */
function byDay(slots: readonly DeliverySlotOffer[]): Array<{ day: string; slots: DeliverySlotOffer[] }> {
  const days = new Map<string, DeliverySlotOffer[]>();
  for (const slot of slots) {
    const date = slot.start.slice(0, 10);
    days.set(date, [...(days.get(date) ?? []), slot]);
  }
  return [...days.values()].map((daySlots) => ({ day: dayOf(daySlots[0]?.start ?? ''), slots: daySlots }));
}

/**
 * The delivery time as radio choices (DESIGN.md §8), grouped by day so a phone shows them in a
 * few rows: full slots are disabled and marked "Full". Each radio's name is the slot's whole
 * label. Without slots it says what the order will get instead.
 */
export function DeliverySlotPicker({ slots, missing, value, onChange }: DeliverySlotPickerProps) {
  const locale = useLocale();
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
                      aria-label={locale === 'en' ? slot.label : t('slots.label', { day, time: `${timeOf(slot.start)}–${timeOf(slot.end)}` })}
                      checked={slot.id === value}
                      disabled={full}
                      onChange={() => onChange(slot.id)}
                    />
                    <span className="flex flex-col leading-tight">
                      <span className="whitespace-nowrap tabular-nums">
                        {timeOf(slot.start)}–{timeOf(slot.end)}
                      </span>
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
