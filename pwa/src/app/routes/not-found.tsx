import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Any unknown path (spec §2). */
export default function NotFoundRoute() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">404 Not Found</h1>
      <p className="mt-4 text-base-content/70">This page does not exist.</p>
      <Link to={paths.shop} className="btn btn-primary mt-8">
        Go to the shop
      </Link>
    </section>
  );
}
