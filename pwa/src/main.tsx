import { hydrate as hydrateQueries, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { queryClient } from './app/query-client';
import { createRouter } from './app/router';
import { startAuth } from './features/auth/auth-session';
import { listenToWorker } from './features/offline/worker-messages';
import { startI18n, startI18nForPage, switchAfterHydration } from './lib/i18n/i18n';
import { startOutboxRunner } from './lib/offline/outbox/runner';
import { nextTask, whenSettled } from './lib/idle';
import { warmUpNumberFormat } from './lib/format';
import { preloadMirror } from './lib/offline/catalogue-mirror';
import { loadDb } from './lib/offline/live-query';
import { orderKeys, productKeys, reviewKeys } from './lib/query-keys';
import { invalidateAfterRunning } from './lib/refetch-now';
import { endHydration, startHydration } from './lib/hydration';
import { replayTaps, stopEarlyTaps } from './lib/early-taps';
import './index.css';

preloadMirror();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
type Router = ReturnType<typeof createRouter>;

/**
 * Once the tree's effects run (the root's run last): ends the hydration phase (lib/hydration.ts),
 * marks the page interactive (`<html data-interactive>`: the bench's first-load JS counts the
 * scripts requested until then) and calls `then` (after a hydration, the language switch, which
 * must not change a store mid-hydration).
 */
function Started({ children, then }: { children: ReactNode; then?: () => void }) {
  useEffect(() => {
    endHydration();
    document.documentElement.dataset.interactive = '';
    then?.();
  }, [then]);
  return children;
}

/** The whole app over `router`. */
const appWith = (router: Router) => (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);

/** Resolves once `router` has loaded the current route's lazy module (a hydrating render needs the page). */
const routerReady = (router: Router) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

// A prerendered public page (DESIGN.md §13) is hydrated: with the page's language and the
// catalogue it was rendered with (then refetched as the query is stale), once its route's
// module is in; afterwards the shopper's chosen language takes over if it differs.
const prerendered = document.getElementById('prerendered-queries');
if (prerendered && root.firstElementChild) {
  hydrateQueries(queryClient, JSON.parse(prerendered.textContent || '{}') as DehydratedState);
  void (async () => {
    const language = startI18nForPage();
    // The router is made in a task of its own: matching the routes and starting the navigation,
    // with this module's evaluation, made one long task on a slow phone (Lighthouse TBT).
    await nextTask();
    const router = createRouter();
    const [wanted] = await Promise.all([language, routerReady(router)]);
    await warmUpNumberFormat();
    startHydration();
    // From here React handles taps itself; those made before are replayed once it has the page.
    const taps = stopEarlyTaps();
    // In a transition, React hydrates in slices of a few ms, yielding between them: the page stays
    // responsive on a slow phone (Lighthouse TBT) and a tap hydrates its part first.
    startTransition(() => {
      hydrateRoot(
        root,
        <Started
          then={() => {
            replayTaps(taps);
            switchAfterHydration(wanted);
          }}
        >
          {appWith(router)}
        </Started>,
      );
    });
  })();
} else {
  // English at once; a shopper who chose Bangla sees the first screen in Bangla, once its
  // catalogue is in. (Not a top-level await: the bundler would then split the modules this entry
  // shares with lazy chunks into chunks of their own, several KiB more on the first load.)
  const router = createRouter();
  void startI18n().then(() => createRoot(root).render(<Started>{appWith(router)}</Started>));
}
startAuth();
// Once queued orders or reviews reach the server (from this page or the worker's Background
// Sync), the lists that show them are refetched.
const refetchSent = () => {
  void invalidateAfterRunning(queryClient, orderKeys.all);
  void invalidateAfterRunning(queryClient, reviewKeys.all);
};
// Once the page has settled: the worker's install downloads the whole precache, which should
// not compete with the first screen's code, data and pictures on a slow phone.
whenSettled(() => void import('./features/offline/register-worker').then((worker) => worker.registerServiceWorker()));
// From the first script on: a worker already in control may post news in the first second, and a
// message posted with nobody listening is lost.
listenToWorker({
  onCatalogueUpdated: (path) =>
    void invalidateAfterRunning(queryClient, path === '/api/reviews' ? reviewKeys.all : productKeys.all),
  onOutboxRan: (sent) => {
    // The worker writes the outbox without Dexie: the page's live queries of it read it again.
    void loadDb().then((db) => db.outboxChangedElsewhere());
    if (sent > 0) refetchSent();
  },
});
startOutboxRunner(refetchSent);
if (import.meta.env.VITE_E2E === '1') void import('./app/e2e-hooks');
