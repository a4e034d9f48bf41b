import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n';
import { HomePicture } from './home-picture';

/**
 * Featured seasonal vegetable categories (spec §1): Summer, Winter, Spring, each opening the
 * filtered shop. Three tiles in a row on every screen; phones show picture and title only.
 */
export function SeasonalCategories() {
  const t = useT();
  const seasons = [
    {
      season: 'summer',
      title: t('home.summer.title'),
      text: t('home.summer.text'),
      image: '/products/sweet-corn.webp',
    },
    { season: 'winter', title: t('home.winter.title'), text: t('home.winter.text'), image: '/products/carrot.webp' },
    { season: 'spring', title: t('home.spring.title'), text: t('home.spring.text'), image: '/products/cucumber.webp' },
  ];
  return (
    <section className="mx-auto my-8 max-w-6xl px-4 sm:my-12" aria-labelledby="seasonal-heading">
      <h2 id="seasonal-heading" className="mb-4 text-2xl font-bold sm:mb-6">
        {t('home.bySeason')}
      </h2>
      <div className="grid grid-cols-3 gap-3 sm:gap-6">
        {seasons.map((s) => (
          <Link
            key={s.season}
            to={`/shop?category=vegetable&season=${s.season}`}
            className="card bg-base-200 transition hover:shadow-md"
          >
            <div className="card-body items-center gap-2 p-3 text-center sm:flex-row sm:gap-4 sm:p-6 sm:text-start">
              <HomePicture
                src={s.image}
                alt=""
                width={72}
                height={72}
                className="h-12 w-12 sm:h-18 sm:w-18"
                loading="lazy"
              />
              <div>
                <h3 className="card-title text-sm sm:text-lg">{s.title}</h3>
                <p className="hidden text-sm text-base-content/80 sm:block">{s.text}</p>
              </div>
            </div>
          </Link>
        ))}
      </div>
    </section>
  );
}
