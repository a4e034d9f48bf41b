import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
import { useCarousel } from '../../../lib/use-carousel';
import { HomePicture } from './home-picture';

/** The home page's banner slider: 3 slides, autoplay every 2000 ms (spec §9). */
export function BannerSlider() {
  const t = useT();
  const [viewport] = useCarousel(2000);
  const slides = [
    {
      title: t('home.slide1.title'),
      text: t('home.slide1.text'),
      image: '/products/carrot.webp',
      cta: paths.shop,
      tone: 'bg-primary text-primary-content',
    },
    {
      title: t('home.slide2.title'),
      text: t('home.slide2.text'),
      image: '/products/broccoli.webp',
      cta: `${paths.shop}?category=vegetable&season=winter`,
      tone: 'bg-neutral text-neutral-content',
    },
    {
      title: t('home.slide3.title'),
      text: t('home.slide3.text'),
      image: '/products/orange.webp',
      cta: `${paths.shop}?category=fruit`,
      tone: 'bg-secondary text-secondary-content',
    },
  ];
  return (
    <section
      aria-roledescription={t('carousel')}
      aria-label={t('home.highlights')}
      className="snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] rounded-box"
      ref={viewport}
    >
      <div className="flex">
        {slides.map((slide, index) => (
          <div
            key={slide.image}
            className={`min-w-0 shrink-0 grow-0 basis-full snap-start ${slide.tone}`}
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.slidePosition', { position: index + 1, count: slides.length })}
          >
            <div className="flex min-h-64 items-center justify-between gap-6 p-8 sm:p-12">
              <div className="max-w-md">
                {index === 0 ? (
                  <h1 className="text-3xl font-bold sm:text-4xl">{slide.title}</h1>
                ) : (
                  <p className="text-3xl font-bold sm:text-4xl">{slide.title}</p>
                )}
                <p className="mt-3 text-lg">{slide.text}</p>
                <Link
                  to={slide.cta}
                  className="btn mt-6 min-h-11 border-0 bg-base-100 text-base-content hover:bg-base-200"
                >
                  {t('home.shopNow')}
                </Link>
              </div>
              {/* Lazy: hidden on phones, where an eager picture would still be downloaded. */}
              <HomePicture
                src={slide.image}
                alt=""
                width={160}
                height={160}
                className="hidden h-40 w-40 drop-shadow-xl sm:block"
                loading="lazy"
              />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
