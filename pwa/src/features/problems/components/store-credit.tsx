import { useT } from '../../../lib/i18n/i18n';
import { formatPrice } from '../../../lib/format';
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
    <section
      className="mx-auto mt-6 max-w-xl rounded-box bg-base-100 p-4 shadow-sm"
      aria-labelledby="store-credit-heading"
      data-testid="store-credit"
    >
      <h2 id="store-credit-heading" className="text-xl font-semibold">
        {t('credit.title')}
      </h2>
      {credit.isPending && <Spinner label={t('credit.loading')} />}
      {credit.isError && !credit.data && <p className="alert alert-warning mt-2">{t('credit.failed')}</p>}
      {credit.data && (
        <>
          <p className="mt-2 text-lg font-bold" data-testid="credit-balance">
            {t('credit.balance', { amount: formatPrice(credit.data.balance) })}
          </p>
          {credit.data.entries.length === 0 ? (
            <p className="mt-2 text-sm">{t('credit.none')}</p>
          ) : (
            <>
              <h3 className="mt-4 text-sm font-medium">{t('credit.history')}</h3>
              <ul className="mt-1 divide-y divide-base-300">
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
                    <span
                      className={`whitespace-nowrap font-semibold ${entry.amount < 0 ? 'text-base-content' : 'text-success'}`}
                      data-testid="credit-amount"
                    >
                      {signed(entry.amount)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
