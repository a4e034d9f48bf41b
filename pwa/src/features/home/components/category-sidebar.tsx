import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';

/** The home page's category sidebar: Grocery, Fruits, Vegetables (Winter, Summer), each opening the filtered shop. */
export function CategorySidebar() {
  const t = useT();
  const categoryLinks = [
    { label: t('home.grocery'), to: paths.shop },
    { label: t('home.fruits'), to: `${paths.shop}?category=fruit` },
    {
      label: t('home.vegetables'),
      to: `${paths.shop}?category=vegetable`,
      children: [
        { label: t('home.winter'), to: `${paths.shop}?category=vegetable&season=winter` },
        { label: t('home.summer'), to: `${paths.shop}?category=vegetable&season=summer` },
      ],
    },
  ];
  return (
    <nav aria-label={t('home.categories')} className="rounded-box bg-base-200 p-2">
      <h2 className="px-4 pt-2 text-sm font-semibold uppercase tracking-wide text-base-content/70">
        {t('home.categories')}
      </h2>
      <ul className="menu w-full">
        {categoryLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="min-h-11">
              {link.label}
            </Link>
            {link.children && (
              <ul>
                {link.children.map((child) => (
                  <li key={child.to}>
                    <Link to={child.to} className="min-h-11">
                      {child.label}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
