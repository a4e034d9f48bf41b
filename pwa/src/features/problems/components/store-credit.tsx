import type { CreditReason } from '@contract/credit';
import { intlLocale, t, useLocale } from '../../../lib/i18n/i18n';
import { formatPrice, shopDateFormat } from '../../../lib/format';
import { SettingCard } from '../../../components/setting-switch';
import { Spinner } from '../../../components/spinner';
import { useStoreCredit } from '../api/get-credit';

// Here, not in problem-text.ts: the profile's chunk then shares no module with My Orders'.
/** A date (ISO 8601) in Dhaka, e.g. "29 Nov 2026". */
const shopDayText = (time: string): string =>
  shopDateFormat(intlLocale(), { dateStyle: 'medium' }).format(new Date(time));

/** Why a credit entry was written, in words. */
function creditReasonText(reason: CreditReason): string {
  switch (reason) {
    case 'problem':
      return t('credit.reason.problem');
    case 'order':
      return t('credit.reason.order');
    case 'order_cancelled':
      return t('credit.reason.orderCancelled');
    case 'packing':
      return t('credit.reason.packing');
  }
}

/** A ledger amount with its sign: "+40 Tk" given, "−40 Tk" spent (a true minus sign). */
const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatPrice(Math.abs(amount))}`;

/**
 * The profile's **Store credit** (DESIGN.md §19): the balance and its entries, newest first — the
 * date, what was given (+) or spent (−), why in words, and the order it concerns — from `GET
 * /api/users/me/credit`, kept offline with the orders. The default export: the profile loads it
 * after its own fields.
 */
export default function StoreCredit({ account }: { account: string }) {
  useLocale(); // renders again in the language chosen
  const credit = useStoreCredit(account);
  return (
    <SettingCard testId="store-credit">
      <h2 className="font-semibold">{t('credit.title')}</h2>
      {credit.isPending && <Spinner label={t('credit.loading')} />}
      {credit.isError && !credit.data && <p className="alert alert-warning">{t('credit.failed')}</p>}
      {credit.data && (
        <>
          <p className="text-lg font-bold" data-testid="credit-balance">
            {t('credit.balance', { amount: formatPrice(credit.data.balance) })}
          </p>
          {credit.data.entries.length === 0 ? (
            <p className="text-sm">{t('credit.none')}</p>
          ) : (
            <>
              <h3 className="mt-2 text-sm font-medium">{t('credit.history')}</h3>
              <ul className="divide-y divide-base-300">
                {credit.data.entries.map((entry, index) => (
                  <li
                    key={`${entry.at}-${index}`}
                    className="flex items-start justify-between gap-3 py-2"
                    data-testid="credit-entry"
                  >
                    <div className="grid text-sm">
                      <span className="font-medium">{creditReasonText(entry.reason)}</span>
                      <span className="text-base-content/70">
                        <time dateTime={entry.at}>{shopDayText(entry.at)}</time>
                        {entry.orderId && ` · ${t('credit.order', { id: entry.orderId.slice(0, 8) })}`}
                      </span>
                    </div>
                    <span className="whitespace-nowrap font-semibold" data-testid="credit-amount">
                      {signed(entry.amount)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </SettingCard>
  );
}
