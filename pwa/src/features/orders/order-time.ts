/**
 * Dates and times of orders as the shop keeps them: in its time zone, Asia/Dhaka (DESIGN.md §8),
 * written by Intl in the page's language (`<html lang>`). Bangla times are on the 24-hour clock
 * ("১৫:০৫"): Bangla's AM/PM in Intl's data are the Latin letters.
 */
import type { Order } from '@contract/order';
import { shopDateFormat } from '../../lib/format';

/** A formatter of `options` in the page's language, in Dhaka; in Bangla with 24-hour times. */
export function shopTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const lang = document.documentElement.lang || undefined;
  const clock: Intl.DateTimeFormatOptions =
    lang === 'bn' && (options.timeStyle !== undefined || options.hour !== undefined) ? { hourCycle: 'h23' } : {};
  return shopDateFormat(lang, { ...options, ...clock });
}

/** Takes an ISO 8601 time (or epoch ms) and returns it as date and time in Dhaka, e.g. "22 Nov 2026, 10:05". */
export function formatShopTime(time: string | number): string {
  return shopTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time));
}

/**
 * The day an order was placed, as My Orders shows it: in English the date the shopper's browser
 * wrote (`orderDate`, e.g. "22/11/2026"), in Bangla its Dhaka date from `createdAt` ("২২ নভে, ২০২৬").
 */
export function orderDateText(order: Pick<Order, 'orderDate' | 'createdAt'>): string {
  return document.documentElement.lang === 'bn'
    ? shopTimeFormat({ dateStyle: 'medium' }).format(new Date(order.createdAt))
    : order.orderDate;
}

/** Returns the Dhaka calendar date of `time` as YYYY-MM-DD, the date part of a slot id (e.g. `2026-11-22T09:00:00+06:00`). */
export function shopDate(time: Date): string {
  return shopDateFormat('en-CA', {}).format(time);
}
