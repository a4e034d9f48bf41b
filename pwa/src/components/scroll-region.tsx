import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content (a table) is wider than the screen, as a named
 * region that takes keyboard focus, so it can be scrolled without a pointer (WCAG 2.1.1; axe's
 * `scrollable-region-focusable`). `labelledBy` is the id of the heading that names it.
 */
export function ScrollRegion({
  labelledBy,
  framed = false,
  children,
}: {
  labelledBy: string;
  /** Draws the box's border, for a table that is one card's content. */
  framed?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region (above)
      tabIndex={0}
      className={framed ? 'overflow-x-auto rounded-box border border-base-300' : 'overflow-x-auto'}
    >
      {children}
    </div>
  );
}
