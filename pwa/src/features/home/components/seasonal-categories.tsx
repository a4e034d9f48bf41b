import { Link } from 'react-router-dom';

const seasons = [
  { season: 'summer', title: 'Summer vegetables', text: 'Corn, gourds, beans and leafy lal shak.', image: '/products/sweet-corn.webp' },
  { season: 'winter', title: 'Winter vegetables', text: 'Carrots, peas, spinach, broccoli and more.', image: '/products/carrot.webp' },
  { season: 'spring', title: 'Spring vegetables', text: 'Crisp cucumbers and the first melons.', image: '/products/cucumber.webp' },
] as const;

/** Featured seasonal vegetable categories (spec §1): Summer, Winter, Spring, each opening the filtered shop. */
export function SeasonalCategories() {
  return (
    <section className="mx-auto my-12 max-w-6xl px-4" aria-labelledby="seasonal-heading">
      <h2 id="seasonal-heading" className="mb-6 text-2xl font-bold">Vegetables by season</h2>
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
