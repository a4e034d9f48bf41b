import { useEffect, useState } from 'react';

/** The time now (epoch ms), read again every `everyMs` (a minute by default) while the component is shown. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
