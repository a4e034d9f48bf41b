import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useCarousel } from '../../../lib/use-carousel';

const CAROUSEL = { loop: true };

const slides = [
  { title: 'Fresh from the haat, to your door', text: 'Vegetables and fruit from Dhaka markets, priced per kg in Tk.', image: '/products/carrot.webp', cta: paths.shop, tone: 'bg-primary text-primary-content' },
  { title: 'Winter greens are here', text: 'Spinach, peas, carrots and broccoli — picked this morning.', image: '/products/broccoli.webp', cta: `${paths.shop}?category=vegetable&season=winter`, tone: 'bg-neutral text-neutral-content' },
  { title: 'Fruit for every basket', text: 'Bananas, oranges, mangoes and more, by the kilo.', image: '/products/orange.webp', cta: `${paths.shop}?category=fruit`, tone: 'bg-secondary text-secondary-content' },
];

/** The home page's banner slider: 3 slides, autoplay every 2000 ms (spec §9). */
export function BannerSlider() {
  const [viewport] = useCarousel(CAROUSEL, 2000);
  return (
    <section aria-roledescription="carousel" aria-label="Highlights" className="overflow-hidden rounded-box" ref={viewport}>
      <div className="flex">
        {slides.map((slide, index) => (
          <div key={slide.title} className={`min-w-0 shrink-0 grow-0 basis-full ${slide.tone}`} aria-roledescription="slide" aria-label={`${index + 1} of ${slides.length}`}>
            <div className="flex min-h-64 items-center justify-between gap-6 p-8 sm:p-12">
              <div className="max-w-md">
                {index === 0 ? <h1 className="text-3xl font-bold sm:text-4xl">{slide.title}</h1> : <p className="text-3xl font-bold sm:text-4xl">{slide.title}</p>}
                <p className="mt-3 text-lg">{slide.text}</p>
                <Link to={slide.cta} className="btn mt-6 min-h-11 border-0 bg-base-100 text-base-content hover:bg-base-200">
                  Shop now
                </Link>
              </div>
              {/* Lazy: hidden on phones, where an eager picture would still be downloaded. */}
              <img src={slide.image} alt="" width={160} height={160} className="hidden h-40 w-40 drop-shadow-xl sm:block" loading="lazy" />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
