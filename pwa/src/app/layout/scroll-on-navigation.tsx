import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Where the shopper was scrolled to on each entry of the tab's history, by location key: the
 * router notes an entry's position as a navigation leaves it (`enableScrollRestoration` in
 * router.tsx), and Back or Forward to the entry reads it.
 */
export const scrollPositions: Record<string, number> = {};

/**
 * Scrolls to `y` and, while the page is still too short to get there (a grid renders its later
 * cards after its first ones, later on a slow phone), again on the next frames until `until`
 * (ms, performance.now; 3 s from the first call).
 */
function scrollBack(y: number, until = performance.now() + 3000): void {
  scrollTo(0, y);
  if (scrollY < y - 1 && performance.now() < until) requestAnimationFrame(() => scrollBack(y, until));
}

/**
 * Scrolls as a navigation between documents does, once the new page has rendered (call it in the
 * layout around every page): a new page opens at its top, so after Place order, a sign-in or
 * Order again the shopper sees the page's beginning, not the previous page's position; Back and
 * Forward return to where the shopper was on that page. A new query on the same page (the shop's
 * filters) keeps the position, and so does the page the tab loaded: a reload's position is the
 * browser's, and a prerendered page may have been scrolled before the app started.
 */
export function useScrollOnNavigation(): void {
  const { key, pathname } = useLocation();
  const last = useRef(pathname);
  useLayoutEffect(() => {
    // Only an entry the shopper left has a position (Back or Forward to it); another page starts at 0.
    const saved = scrollPositions[key];
    if (saved !== undefined || last.current !== pathname) scrollBack(saved ?? 0);
    last.current = pathname;
  }, [key, pathname]);
}
