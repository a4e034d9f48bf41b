import { Link } from 'react-router-dom';

/** Where each category of the home page's sidebar (spec §1) leads in the shop. */
export const categoryLinks = [
  { label: 'Grocery', to: '/shop' },
  { label: 'Fruits', to: '/shop?category=fruit' },
  {
    label: 'Vegetables',
    to: '/shop?category=vegetable',
    children: [
      { label: 'Winter', to: '/shop?category=vegetable&season=winter' },
      { label: 'Summer', to: '/shop?category=vegetable&season=summer' },
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
