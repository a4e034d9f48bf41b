import type { ReactNode } from 'react';

type BoardCardHeaderProps = {
  /** The heading's id: the card's `aria-labelledby`. */
  headingId: string;
  title: string;
  /** One line under the title saying what the card shows. */
  hint: string;
  /** The card's control on the right (a link, a date field); below the title on a narrow screen. */
  children: ReactNode;
};

/** The top of a dawn board card (DESIGN.md §18): its title and hint, and its control beside them. */
export function BoardCardHeader({ headingId, title, hint, children }: BoardCardHeaderProps) {
  return (
    <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-base-content/80">{hint}</p>
      </div>
      {children}
    </div>
  );
}
