/**
 * The tab's title, in the language shown (DESIGN.md §9). The site layout sets the shop's own
 * title (useShopDocumentTitle, "Taza Haat — fresh vegetables and fruit" as in index.html); a
 * screen with a title of its own (Manage Orders, an order's details) sets it while it is shown
 * (useDocumentTitle), over the shop's. Both follow the language when their text does.
 */
import { useEffect } from 'react';

/** The titles of the screens shown now, the latest last; the tab shows the latest, else the shop's. */
const screens: Array<{ title: string }> = [];
let shopTitle: string | undefined;

function show(): void {
  const title = screens.at(-1)?.title ?? shopTitle;
  if (title !== undefined) document.title = title;
}

/** Sets the tab's title while the calling screen is shown; the shop's title comes back after it. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const entry = { title };
    screens.push(entry);
    show();
    return () => {
      screens.splice(screens.indexOf(entry), 1);
      show();
    };
  }, [title]);
}

/** Sets the shop's own title, shown on every screen without a title of its own. */
export function useShopDocumentTitle(title: string): void {
  useEffect(() => {
    shopTitle = title;
    show();
  }, [title]);
}
