import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n';

/** The admin dashboard's count of products (`count`; "…" while undefined), a link to `href` (Manage Products). */
export function ProductCountStat({ count, href }: { count: number | undefined; href: string }) {
  const t = useT();
  return (
    <Link to={href} className="stat">
      <div className="stat-title text-base-content/80">{t('dashboard.products')}</div>
      <div className="stat-value text-primary" data-testid="product-count">
        {count !== undefined ? t('dashboard.count', { count }) : '…'}
      </div>
    </Link>
  );
}
