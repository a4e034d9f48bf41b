import { useRouteError } from 'react-router-dom';
import { useT } from '../lib/i18n/i18n';

/**
 * What a page that failed shows in its place, inside the header and footer, in the language
 * shown: most often its code could not be downloaded (offline before the service worker had it,
 * or a new version replaced it). React Router's own screen is a developer's, in English.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-3xl font-bold">{t('routeError.heading')}</h1>
      <p className="mt-4 text-base-content/70">{t('routeError.text')}</p>
      <button type="button" className="btn btn-primary mt-8 min-h-11" onClick={() => window.location.reload()}>
        {t('offline.reload')}
      </button>
    </section>
  );
}
