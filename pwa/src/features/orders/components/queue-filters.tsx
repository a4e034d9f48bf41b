import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { orderStatuses, type DeliverySlot } from '@contract/delivery';
import type { OrderQueueFilter } from '../../../lib/query-keys';
import { statusLabel } from '../../../lib/i18n/order-status';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { slotLabel } from '../../../lib/i18n/slot-label';

/** The filters' texts in the language shown. */
const messages = () => ({
  search: t('orders.searchCustomer'),
  searchHint: t('orders.searchHint'),
  status: t('orders.status'),
  allStates: t('orders.allStates'),
  slot: t('slots.slot'),
  allSlots: t('orders.allSlots'),
});

/** How long typing must pause before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

type QueueFiltersProps = {
  filter: OrderQueueFilter;
  /** The slots to offer, in the order to list them (see slotChoices). */
  slots: readonly DeliverySlot[];
  /** Sets one filter field ('' clears it). */
  onChange: (name: keyof OrderQueueFilter, value: string) => void;
};

/**
 * Manage Orders' filters, all answered by the server: search (name, e-mail or phone; sent once
 * typing pauses), the order's state (every one, Cancelled too) and its delivery slot.
 */
export function QueueFilters({ filter, slots, onChange }: QueueFiltersProps) {
  useLocale(); // renders again in the language chosen
  const texts = messages();
  const [search, setSearch] = useState(filter.q ?? '');
  // A page being opened (an order's link followed right after typing) wins over the search
  // typed before it: sending the search would navigate here again and cancel that page.
  const leaving = useNavigation().state !== 'idle';
  useEffect(() => {
    if (leaving || search.trim() === (filter.q ?? '')) return;
    const timer = setTimeout(() => onChange('q', search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filter.q, onChange, leaving]);
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.4fr)]">
      <label>
        <span className="mb-1 block text-sm font-medium">{texts.search}</span>
        <input
          type="search"
          className="input input-bordered min-h-11 w-full"
          placeholder={texts.searchHint}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <label>
        <span className="mb-1 block text-sm font-medium">{texts.status}</span>
        <select
          className="select select-bordered min-h-11 w-full"
          value={filter.status ?? ''}
          onChange={(e) => onChange('status', e.target.value)}
        >
          <option value="">{texts.allStates}</option>
          {orderStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="mb-1 block text-sm font-medium">{texts.slot}</span>
        <select
          className="select select-bordered min-h-11 w-full"
          value={filter.slot ?? ''}
          onChange={(e) => onChange('slot', e.target.value)}
        >
          <option value="">{texts.allSlots}</option>
          {slots.map((slot) => (
            <option key={slot.id} value={slot.id}>
              {slotLabel(slot)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
