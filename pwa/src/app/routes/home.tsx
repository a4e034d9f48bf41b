import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** `/` and `/home`: the home page (its sections come with the storefront issue). */
export default function HomeRoute() {
  return (
    <section className="hero bg-base-200 py-20">
      <div className="hero-content text-center">
        <div className="max-w-xl">
          <h1 className="text-4xl font-bold text-primary sm:text-5xl">Fresh from the haat, to your door</h1>
          <p className="py-6 text-lg">Vegetables and fruit from Dhaka markets, priced per kg in Tk.</p>
          <Link to={paths.shop} className="btn btn-primary btn-lg">
            Shop now
          </Link>
        </div>
      </div>
    </section>
  );
}
