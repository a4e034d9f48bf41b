import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The site footer (spec §1–§2); the old `/contactt` link points to /contact (DESIGN.md §6). */
export function Footer() {
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-6xl p-10 sm:footer-horizontal">
        <aside>
          <p className="text-xl font-bold">Taza Haat</p>
          <p>
            Fresh vegetables and fruit, per kg, from Dhaka markets.
            <br />
            House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh
          </p>
        </aside>
        <nav aria-label="Company">
          <h2 className="footer-title">Company</h2>
          <Link className="link-hover link" to={paths.about}>About us</Link>
          <Link className="link-hover link" to={paths.contact}>Contact</Link>
          <Link className="link-hover link" to="/team">Our team</Link>
          <Link className="link-hover link" to="/terms">Terms</Link>
        </nav>
        <nav aria-label="Quick links">
          <h2 className="footer-title">Quick links</h2>
          <Link className="link-hover link" to={paths.contact}>Help</Link>
          <Link className="link-hover link" to="/projects">Projects</Link>
          <Link className="link-hover link" to="/blogs">Blogs</Link>
        </nav>
      </div>
    </footer>
  );
}
