import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { CartLink } from '../../features/cart/components/cart-link';

const mainLinks = [
  { to: paths.homeAlias, label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
] as const;

/** The site header (spec §2): main links (a dropdown on small screens), cart and account. */
export function Header() {
  return (
    <header className="navbar sticky top-0 z-30 bg-base-100/95 shadow-sm backdrop-blur">
      <div className="navbar-start">
        <div className="dropdown lg:hidden">
          <button type="button" className="btn btn-ghost min-h-11" aria-label="Open menu">
            <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <ul className="menu dropdown-content z-40 mt-3 w-52 rounded-box bg-base-100 p-2 shadow">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="min-h-11">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
        <Link to={paths.home} className="btn btn-ghost min-h-11 text-xl font-bold text-primary">
          <img src="/icons/icon.svg" alt="" width={32} height={32} />
          Taza Haat
        </Link>
      </div>
      <nav className="navbar-center hidden lg:flex" aria-label="Main">
        <ul className="menu menu-horizontal gap-1 px-1 text-base">
          {mainLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to}>{link.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="navbar-end gap-1">
        <CartLink to={paths.cart} />
        <div className="dropdown dropdown-end">
          <button type="button" className="btn btn-ghost btn-circle avatar min-h-11 min-w-11" aria-label="Account menu">
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" className="h-7 w-7" fill="currentColor" aria-hidden="true">
              <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5z" />
            </svg>
          </button>
          <ul className="menu dropdown-content z-40 mt-3 w-52 rounded-box bg-base-100 p-2 shadow">
            <li><Link to={paths.profile} className="min-h-11">Profile</Link></li>
            <li><Link to={paths.login} className="min-h-11">Login</Link></li>
            <li><Link to={paths.register} className="min-h-11">Register</Link></li>
            <li><Link to={paths.dashboard.root} className="min-h-11">Dashboard</Link></li>
          </ul>
        </div>
      </div>
    </header>
  );
}
