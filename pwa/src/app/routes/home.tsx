import { lazy } from 'react';
import { lazyExtra } from '../../components/after-settled';
import { WhenNearView } from '../../components/when-near-view';
import { useAuth } from '../../features/auth/auth-store';
import { useProducts } from '../../features/catalogue/api/get-products';
import { BannerSlider } from '../../features/home/components/banner-slider';
import { CategorySidebar } from '../../features/home/components/category-sidebar';
import { FlashSale } from '../../features/home/components/flash-sale';
import { SeasonalCategories } from '../../features/home/components/seasonal-categories';
import { ShowMoreWhileSavingData } from '../../features/home/components/show-more-while-saving-data';
import { VegetableCarousel } from '../../features/home/components/vegetable-carousel';
import { NewArrivals } from '../new-arrivals';

// The sections far below the fold load their code as they come near (WhenNearView): the contact
// form (react-hook-form), the reviews and the vegetable types are no part of the first load. The
// contact form is not precached either (vite.config.ts onDemandEntries): offline before it was
// ever seen, the page goes without it.
const ContactForm = lazyExtra<{ headingLevel?: 1 | 2 }>(() =>
  import('../../features/contact/components/contact-form').then((m) => ({ default: m.ContactForm })),
);
const Testimonials = lazy(() =>
  import('../../features/reviews/components/testimonials').then((m) => ({ default: m.Testimonials })),
);
const VegetableTypes = lazy(() =>
  import('../../features/home/components/vegetable-types').then((m) => ({ default: m.VegetableTypes })),
);

/** `/` and `/home`: every section of spec §1, top to bottom. */
export default function HomeRoute() {
  const { data: products = [] } = useProducts();
  const { admin } = useAuth();
  return (
    <>
      <div className="mx-auto mt-6 grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <div className="order-2 lg:order-1">
          <CategorySidebar />
        </div>
        <div className="order-1 lg:order-2">
          <BannerSlider />
        </div>
      </div>
      <SeasonalCategories />
      <FlashSale />
      {/* Below the fold on every screen: rendered as they come near, so the first paint has less to do;
          while saving data, only once asked. */}
      <ShowMoreWhileSavingData>
        <WhenNearView minHeight="19rem">
          <VegetableCarousel products={products.filter((p) => p.category === 'vegetable')} />
        </WhenNearView>
        <WhenNearView minHeight="28rem">
          <VegetableTypes />
        </WhenNearView>
        <WhenNearView minHeight="40rem">
          <NewArrivals products={products} />
        </WhenNearView>
        <WhenNearView minHeight="20rem">
          <Testimonials canDelete={admin} />
        </WhenNearView>
        <WhenNearView minHeight="40rem">
          <ContactForm />
        </WhenNearView>
      </ShowMoreWhileSavingData>
    </>
  );
}
