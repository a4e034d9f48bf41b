/**
 * Whether the render going on is the prerender (DESIGN.md §13) or the browser's hydration of it:
 * parts that would otherwise render less at first (the product grid's deferred cards) then render
 * as the prerender did, so the two match.
 */
let hydrating = false;

/** Marks the start of a prerendered page's hydration (main.tsx, before hydrateRoot). */
export function startHydration(): void {
  hydrating = true;
}

/** Marks its end (main.tsx, once the hydrated tree's effects run). */
export function endHydration(): void {
  hydrating = false;
}

/** True while prerendering at build time or hydrating a prerendered page. */
export const isHydrating = (): boolean => import.meta.env.SSR || hydrating;
