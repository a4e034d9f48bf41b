import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * What `/rider` shows a signed-in account that is not a rider (the run answered 403): who they
 * are signed in as, that the page is for riders, how to become one, and a way back to the shop.
 */
export function NotARider({ account, shopHref }: { account: string; shopHref: string }) {
  const t = useT();
  useDocumentTitle(t('rider.run.notRider.heading'));
  return (
    <section className="mx-auto grid max-w-md gap-3 px-3 py-6" aria-labelledby="not-rider-heading">
      <h1 id="not-rider-heading" className="text-2xl font-bold">
        {t('rider.run.notRider.heading')}
      </h1>
      <p data-testid="not-a-rider">{t('rider.run.notRider.text', { account })}</p>
      <Link to={shopHref} className="btn btn-primary min-h-12">
        {t('rider.run.notRider.shop')}
      </Link>
    </section>
  );
}
