import type { Product } from '@contract/catalogue';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { unitPrice } from '../../../lib/i18n/sale-unit';
import { useCarousel } from '../../../lib/use-carousel';
import { HomePicture } from './home-picture';

/** The home page's vegetable carousel: autoplay every 2000 ms (spec §9). */
export function VegetableCarousel({ products }: { products: readonly Product[] }) {
  const t = useT();
  const locale = useLocale();
  const [viewport] = useCarousel(2000);
  if (products.length === 0) return null;
  return (
    <section className="mx-auto my-8 max-w-6xl px-4 sm:my-12" aria-labelledby="veg-carousel-heading">
      <h2 id="veg-carousel-heading" className="mb-6 text-2xl font-bold">
        {t('home.freshToday')}
      </h2>
      {/* Focusable: a region that scrolls must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable). */}
      <div
        className="snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] rounded-box"
        ref={viewport}
        role="region"
        aria-labelledby="veg-carousel-heading"
        aria-roledescription={t('carousel')}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region (above)
        tabIndex={0}
      >
        <div className="flex">
          {products.map((p) => (
            <div
              key={p._id}
              className="min-w-0 shrink-0 grow-0 basis-1/2 snap-start pr-4 sm:basis-1/4 lg:basis-1/6"
              aria-roledescription={t('carousel.slide')}
            >
              <div className="rounded-box bg-base-200 p-4 text-center">
                <HomePicture src={p.image} alt="" width={96} height={96} className="mx-auto h-24 w-24" loading="lazy" />
                <p className="mt-2 line-clamp-1 font-medium">{productName(p, locale)}</p>
                <p className="text-sm text-primary">{unitPrice(p.price, p)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
