import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n';

const socials = [
  {
    name: 'Facebook',
    href: 'https://facebook.com/',
    d: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.2V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.4.3-.5.6-.5z',
  },
  {
    name: 'Instagram',
    href: 'https://instagram.com/',
    d: 'M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm5 5a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 2a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm5.5-3a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
  },
  {
    name: 'YouTube',
    href: 'https://youtube.com/',
    d: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
  },
];

/**
 * The site footer (spec §1–§2): address, social icons, company and quick links, and the
 * newsletter box (no submit behaviour, as the spec shows). The old `/contactt` link points to
 * /contact (DESIGN.md §6); /team, /terms, /projects and /blogs still reach the 404 page.
 */
export function Footer() {
  const t = useT();
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="footer mx-auto max-w-6xl p-10 sm:footer-horizontal">
        <aside className="max-w-xs">
          <p className="text-xl font-bold">{t('app.name')}</p>
          <address className="not-italic leading-relaxed">
            {t('footer.tagline')}
            <br />
            {t('footer.address')}
            <br />
            hello@tazahaat.test · {t('footer.phone')}
          </address>
          <div className="mt-2 flex gap-2">
            {socials.map((s) => (
              <a
                key={s.name}
                href={s.href}
                // Light on the footer's green (#f1f6ea on #23361f, 11.8:1; WCAG 1.4.11 asks 3:1): the
                // ghost button's own colour is the page's dark text, unreadable here.
                className="btn btn-ghost btn-circle min-h-11 min-w-11 text-neutral-content [--btn-fg:var(--color-neutral-content)] hover:text-neutral hover:[--btn-fg:var(--color-neutral)]"
                aria-label={s.name}
                rel="noreferrer"
              >
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true">
                  <path d={s.d} />
                </svg>
              </a>
            ))}
          </div>
        </aside>
        <nav aria-label={t('footer.company')}>
          <h2 className="footer-title">{t('footer.company')}</h2>
          <Link className="link-hover link" to={paths.about}>
            {t('footer.aboutUs')}
          </Link>
          <Link className="link-hover link" to={paths.contact}>
            {t('footer.contactUs')}
          </Link>
          <Link className="link-hover link" to="/team">
            {t('footer.team')}
          </Link>
          <Link className="link-hover link" to="/terms">
            {t('footer.terms')}
          </Link>
        </nav>
        <nav aria-label={t('footer.quickLinks')}>
          <h2 className="footer-title">{t('footer.quickLinks')}</h2>
          <Link className="link-hover link" to={paths.contact}>
            {t('footer.help')}
          </Link>
          <Link className="link-hover link" to="/projects">
            {t('footer.projects')}
          </Link>
          <Link className="link-hover link" to="/blogs">
            {t('footer.blogs')}
          </Link>
        </nav>
        <form
          className="w-full max-w-xs"
          onSubmit={(event) => event.preventDefault()}
          aria-label={t('footer.newsletter')}
        >
          <h2 className="footer-title">{t('footer.newsletter')}</h2>
          <label className="block">
            <span className="text-sm">{t('footer.newsletterLabel')}</span>
            <input
              type="email"
              name="newsletter"
              placeholder="you@example.com"
              className="input input-bordered mt-2 min-h-11 w-full text-base-content"
            />
          </label>
        </form>
      </div>
      <p className="pb-4 text-center text-xs opacity-80" data-testid="app-version">
        {t('footer.version', { version: import.meta.env.VITE_APP_VERSION ?? 'dev' })}
      </p>
    </footer>
  );
}
