import { useT } from '../../../lib/i18n/i18n';
import { formatPrice } from '../../../lib/format';
import { SettingCard } from '../../../components/setting-switch';
import { Spinner } from '../../../components/spinner';
import { useStoreCredit } from '../api/get-credit';
import { creditReasonText, shopDayText } from '../problem-text';

/** A ledger amount with its sign: "+40 Tk" given, "−40 Tk" spent (a true minus sign). */
const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatPrice(Math.abs(amount))}`;

/**
 * The profile's **Store credit** (DESIGN.md §19): the balance and its entries, newest first — the
 * date, what was given (+) or spent (−), why in words, and the order it concerns — from `GET
 * /api/users/me/credit`, kept offline with the orders. The default export: the profile loads it
 * after its own fields.
 */
export default function StoreCredit({ account }: { account: string }) {
  const t = useT();
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
