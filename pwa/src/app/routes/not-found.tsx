import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n';

/** Any unknown path (spec §2). */
export default function NotFoundRoute() {
  const t = useT();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">{t('notFound.heading')}</h1>
      <p className="mt-4 text-base-content/70">{t('notFound.text')}</p>
      <Link to={paths.shop} className="btn btn-primary mt-8">
        {t('notFound.toShop')}
      </Link>
    </section>
  );
}
