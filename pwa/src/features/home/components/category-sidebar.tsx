import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Where each category of the home page's sidebar (spec §1) leads in the shop. */
export const categoryLinks = [
  { label: 'Grocery', to: paths.shop },
  { label: 'Fruits', to: `${paths.shop}?category=fruit` },
  {
    label: 'Vegetables',
    to: `${paths.shop}?category=vegetable`,
    children: [
      { label: 'Winter', to: `${paths.shop}?category=vegetable&season=winter` },
      { label: 'Summer', to: `${paths.shop}?category=vegetable&season=summer` },
    ],
  },
] as const;

/** The home page's category sidebar: Grocery, Fruits, Vegetables (Winter, Summer). */
export function CategorySidebar() {
  return (
    <nav aria-label="Categories" className="rounded-box bg-base-200 p-2">
      <h2 className="px-4 pt-2 text-sm font-semibold uppercase tracking-wide text-base-content/70">Categories</h2>
      <ul className="menu w-full">
        {categoryLinks.map((link) => (
          <li key={link.label}>
            <Link to={link.to} className="min-h-11">{link.label}</Link>
            {'children' in link && (
              <ul>
                {link.children.map((child) => (
                  <li key={child.label}>
                    <Link to={child.to} className="min-h-11">{child.label}</Link>
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
