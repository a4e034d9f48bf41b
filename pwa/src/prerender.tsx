/**
 * The build's prerender of the public pages (DESIGN.md §13), loaded by scripts/prerender.ts
 * through Vite's SSR module loader: renders one path in one language to HTML with React's
 * `react-dom/static` and react-router's static handler over the app's own routes, with the
 * build's catalogue as the products query's data. The browser hydrates it (main.tsx).
 */
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { Product } from '@contract/catalogue';
import { AppProvider } from './app/provider';
import { queryClient } from './app/query-client';
import { routes } from './app/router';
import { loadLanguage, t, type Locale } from './lib/i18n/i18n';
import { productKeys } from './lib/query-keys';

/** A prerendered page: the root's HTML, the query data it was rendered with, its title and meta description. */
export type PrerenderedPage = { html: string; queries: DehydratedState; title: string; description: string };

/**
 * Renders `path` in `locale` with `products` as the catalogue.
 * @throws Error when the route answers anything but a page (a redirect or an error).
 */
export async function renderPage(path: string, locale: Locale, products: readonly Product[]): Promise<PrerenderedPage> {
  await loadLanguage(locale);
  queryClient.clear();
  // Stamped as fetched long ago: the page refetches /api/products as it hydrates (staleTime).
  queryClient.setQueryData(productKeys.all, products, { updatedAt: 1 });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered ${context.status}`);
  if (context.errors) throw new Error(`prerender: ${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    // Every Suspense boundary inline, in place: no boundary is outlined into a segment that an
    // inline script would move, which the CSP (hashes only) would block.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as AsyncIterable<string | Uint8Array>)
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return { html, queries: dehydrate(queryClient), title: t('app.title'), description: t('app.description') };
}
