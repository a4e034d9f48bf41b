import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n';

/** Featured seasonal vegetable categories (spec §1): Summer, Winter, Spring, each opening the filtered shop. */
export function SeasonalCategories() {
  const t = useT();
  const seasons = [
    { season: 'summer', title: t('home.summer.title'), text: t('home.summer.text'), image: '/products/sweet-corn.webp' },
    { season: 'winter', title: t('home.winter.title'), text: t('home.winter.text'), image: '/products/carrot.webp' },
    { season: 'spring', title: t('home.spring.title'), text: t('home.spring.text'), image: '/products/cucumber.webp' },
  ];
  return (
    <section className="mx-auto my-12 max-w-6xl px-4" aria-labelledby="seasonal-heading">
      <h2 id="seasonal-heading" className="mb-6 text-2xl font-bold">{t('home.bySeason')}</h2>
      <div className="grid gap-6 sm:grid-cols-3">
        {seasons.map((s) => (
          <Link key={s.season} to={`/shop?category=vegetable&season=${s.season}`} className="card bg-base-200 transition hover:shadow-md">
            <div className="card-body flex-row items-center gap-4">
              <img src={s.image} alt="" width={72} height={72} className="h-18 w-18" loading="lazy" />
              <div>
                <h3 className="card-title">{s.title}</h3>
                <p className="text-sm text-base-content/80">{s.text}</p>
              </div>
            </div>
          </Link>
        ))}
      </div>
    </section>
  );
}
