/**
 * What the rider's page says of a stop, in the language shown (DESIGN.md §9, §18): its money
 * ("Collect 347 Tk · pays with 1,000 — bring 653 Tk"), the shopper's phone as people write it
 * (Bangla digits in Bangla) with its `tel:` link, and why a stop was not delivered. Plain
 * functions over the catalogue's `t`; the server's refusals (a wrong or locked code) are said by
 * lib/i18n/api-errors.ts, by their codes.
 */
import type { AttemptReason } from '@contract/rider';
import { toBdMobileDisplay } from '@contract/phone';
import { formatNumber, formatPrice } from '../../lib/format';
import { currentLocale, t } from '../../lib/i18n/i18n';
import type { StopMoney } from './run-money';

/** The money line of a stop: what to collect and, for a note, the change to bring. */
export function moneyText(money: StopMoney): string {
  if (money.kind === 'prepaid') return t('rider.run.prepaid');
  const collect = t('rider.run.collect', { amount: formatPrice(money.amount) });
  if (money.exact) return `${collect} · ${t('rider.run.exact')}`;
  if (money.note === undefined) return collect;
  const note = formatNumber(money.note);
  return money.change > 0
    ? `${collect} · ${t('rider.run.paysWith', { note, change: formatPrice(money.change) })}`
    : `${collect} · ${t('rider.run.paysWithNotes', { note })}`;
}

/** `text` with its ASCII digits in Bangla (০–৯) when Bangla is shown. */
export const localDigits = (text: string): string =>
  currentLocale() === 'bn' ? text.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit))) : text;

/** A phone number as stored (E.164) as people write it: "01711-000000" (Bangla digits in Bangla). */
export const phoneText = (phone: string): string => localDigits(toBdMobileDisplay(phone));

/** The `tel:` link of a phone number as stored: its digits and a leading `+` only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Why a stop was not delivered, as the rider picks it. */
export function attemptReasonText(reason: AttemptReason): string {
  const texts: Record<AttemptReason, () => string> = {
    no_answer: () => t('rider.run.reason.noAnswer'),
    address_not_found: () => t('rider.run.reason.addressNotFound'),
    refused: () => t('rider.run.reason.refused'),
  };
  return texts[reason]();
}
