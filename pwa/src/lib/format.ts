/**
 * Display formatting shared by every screen, in the language shown (lib/i18n): English numbers
 * in en-BD, Bangla in bn-BD (Bangla digits ০–৯); dates and times in the shop's time zone.
 */
import { intlLocale, t } from './i18n/i18n';
import { nextTask } from './idle';

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Formats a number in the language shown: `1250` → "1,250" or "১,২৫০"; by default with at most
 * 2 decimals. Formatters are made on first use and kept: creating one loads the locale's number
 * data, a task of its own that pages without numbers (the home page's first screen) need not wait for.
 */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = { maximumFractionDigits: 2 }): string {
  const key = `${intlLocale()} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(intlLocale(), options)));
  return format.format(value);
}

/**
 * Makes the number formatter of the language shown before the hydration, so that its cost is not
 * added to a slice of it (TBT), and resolves once the next task may start. The first Intl
 * formatter of a page loads ICU's locale data (40–70 ms at Lighthouse's 4× on a busy machine):
 * its two larger parts, the likely-subtags data and the list of the formatter's locales, load
 * first in tasks of their own, so no one task carries all of it.
 */
export async function warmUpNumberFormat(): Promise<void> {
  await nextTask();
  new Intl.Locale(intlLocale()).maximize();
  await nextTask();
  Intl.NumberFormat.supportedLocalesOf(intlLocale());
  await nextTask();
  formatNumber(0);
  await nextTask();
}

/** Formats an amount in Tk without a currency sign: `1250` → "1,250" (Bangla "১,২৫০"). */
const formatTk = (amount: number): string => formatNumber(amount);

/** An amount in Tk with its currency as the language writes it: "1,250 Tk", Bangla "৳১,২৫০". */
export const formatPrice = (amount: number): string => t('price', { amount: formatTk(amount) });

/** The shop's time zone (DESIGN.md §8): order times and delivery slots are read in it. */
const SHOP_TIME_ZONE = 'Asia/Dhaka';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat of `options` in `locale` (undefined: the browser's), in the shop's time
 * zone; made on first use and kept, as number formatters are (a list formats a date per row).
 */
export function shopDateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format)
    dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE })));
  return format;
}
