import { useEffect } from 'react';

/** Sets the tab's title while the calling screen is shown; the previous title comes back after it. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
