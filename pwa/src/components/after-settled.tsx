import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { whenSettled } from '../lib/idle';

/**
 * `lazy(load)` for an extra of the layout (a count, a notice): when its code cannot be downloaded
 * (offline before the service worker had it) it renders nothing instead of failing — an extra is
 * dropped, never the page with it.
 */
export const lazyExtra = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) =>
  lazy(() => load().catch((): { default: ComponentType<P> } => ({ default: () => null })));

/**
 * Renders `children` (typically a {@link lazyExtra} component whose output is empty on a first
 * screen: a count of nothing, a notice not yet due) only once the page has settled (lib/idle.ts
 * whenSettled), so its code is not part of a page's first load (bench/README.md §1).
 * Renders nothing before then — in the prerender and the hydrating render alike, so they match.
 */
export function AfterSettled({ children }: { children: ReactNode }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenSettled(() => startTransition(() => setSettled(true))), []);
  return settled ? <Suspense fallback={null}>{children}</Suspense> : null;
}
