import { useRef, useState, type ReactNode } from 'react';
import type { Product } from '@contract/catalogue';
import { useDataSaver } from '../../../lib/data-saver';
import { useT } from '../../../lib/i18n/i18n';

/**
 * While the shop saves data (useDataSaver: the switch or Save-Data; DESIGN.md §5, Data), the
 * first `first` of `products` and a Show more products button for the rest; else all of them.
 * `children` renders the products shown (a ProductGrid). Asked for more, focus goes to the first
 * card it brought, as the button it was on is gone. Its own chunk with the shop's page, not the
 * home page's first load.
 */
export function ShowMoreProducts({
  products,
  first,
  children,
}: {
  products: readonly Product[];
  first: number;
  children: (shown: readonly Product[]) => ReactNode;
}) {
  const t = useT();
  const savingData = useDataSaver();
  const [asked, setAsked] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  const limited = savingData && !asked && products.length > first;
  const showMore = () => {
    setAsked(true);
    requestAnimationFrame(() =>
      region.current
        ?.querySelector('[data-testid="product-grid"]')
        ?.children[first]?.querySelector<HTMLElement>('a[href], button')
        ?.focus(),
    );
  };
  return (
    <div ref={region}>
      {children(limited ? products.slice(0, first) : products)}
      {limited && (
        <div className="mt-6 text-center">
          <button type="button" className="btn btn-outline btn-primary min-h-11 min-w-44" onClick={showMore}>
            {t('shop.showMore')}
          </button>
        </div>
      )}
    </div>
  );
}
