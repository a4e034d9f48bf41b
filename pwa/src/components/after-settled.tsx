import { Component, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenSettled } from '../lib/idle';

/**
 * Renders nothing in place of `children` that threw, such as a `lazy` component whose code could
 * not be downloaded (offline before the service worker had it): an extra is dropped, the page stays.
 */
class WithoutFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError = () => ({ failed: true });
  override render = () => (this.state.failed ? null : this.props.children);
}

/**
 * Renders `children` (typically a `lazy` component whose output is empty on a first screen: a
 * count of nothing, a notice not yet due) only once the page has settled (lib/idle.ts
 * whenSettled), so its code is not part of a page's first load (bench/README.md §1, issue 33).
 * Renders nothing before then — in the prerender and the hydrating render alike, so they match —
 * and nothing when its code cannot be fetched: such extras never take the page down with them.
 */
export function AfterSettled({ children }: { children: ReactNode }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenSettled(() => startTransition(() => setSettled(true))), []);
  return settled ? (
    <WithoutFailed>
      <Suspense fallback={null}>{children}</Suspense>
    </WithoutFailed>
  ) : null;
}
