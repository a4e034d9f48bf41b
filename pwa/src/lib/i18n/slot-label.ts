/**
 * Delivery slots in the language shown (DESIGN.md §8, §9): the one rule for every screen that
 * shows a slot — checkout, My Orders ("Your delivery moved to …"), Manage Orders' filter and
 * rows, an order's details and its packing slip. The server writes each slot's `label` in
 * English ("Sun 22 Nov, 09:00–11:00"); English shows it as it is, Bangla writes the day and the
 * times from the slot's `start` and `end` with Intl (bn-BD: Bangla digits), in the shop's time
 * zone.
 */
import type { DeliverySlot } from '@contract/delivery';
import { shopDateFormat } from '../format';
import { currentLocale, intlLocale, t } from './i18n';

/** A formatter in the language shown, in the shop's time zone; English days as "Sun 22 Nov" (en-GB). */
const format = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  shopDateFormat(intlLocale() === 'en-BD' ? 'en-GB' : intlLocale(), options);

/** "Sun 22 Nov" (Bangla "রবি ২২ নভে"): the shop's day a slot starting at `start` (ISO 8601) falls on. */
export const slotDay = (start: string): string =>
  format({ weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(start));

/**
 * "21 Nov 2026" (Bangla "২১ নভে, ২০২৬"): the shop's date of `time` (ISO 8601), day first as a
 * slot's day is written, where a row shows an order's date beside other orders' slots.
 */
export const shopDay = (time: string): string =>
  format({ day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(time));

/** "09:00" (Bangla "০৯:০০"): the shop's time of day of `time` (ISO 8601), 24-hour. */
const slotTime = (time: string): string =>
  format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(time));

/** "09:00–11:00": a slot's start and end times. */
export const slotTimes = (slot: Pick<DeliverySlot, 'start' | 'end'>): string =>
  `${slotTime(slot.start)}–${slotTime(slot.end)}`;

/** A slot's whole label in the language shown: the server's in English, "রবি ২২ নভে, ০৯:০০–১১:০০" in Bangla. */
export const slotLabel = (slot: Pick<DeliverySlot, 'start' | 'end' | 'label'>): string =>
  currentLocale() === 'en' ? slot.label : t('slots.label', { day: slotDay(slot.start), time: slotTimes(slot) });
