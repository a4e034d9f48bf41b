import { useEffect, useState } from 'react';
import { countdownState, flashSaleWindow } from '../countdown';

const window_ = flashSaleWindow(import.meta.env.FLASH_SALE_START, import.meta.env.FLASH_SALE_END);

/**
 * The flash-sale banner with its countdown, updated each second (spec §4). Hidden outside the
 * window; a sale that ends while the page is open shows "Time's up!".
 */
export function FlashSale() {
  const [now, setNow] = useState(() => Date.now());
  const [wasRunning, setWasRunning] = useState(() => countdownState(Date.now(), window_.start, window_.end).kind === 'running');
  const state = countdownState(now, window_.start, window_.end);
  const ended = state.kind === 'ended';
  useEffect(() => {
    if (ended) return undefined;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (countdownState(t, window_.start, window_.end).kind === 'running') setWasRunning(true);
    }, 1000);
    return () => clearInterval(timer);
  }, [ended]);

  if (state.kind === 'before' || (state.kind === 'ended' && !wasRunning)) return null;
  return (
    <section className="mx-auto my-10 max-w-6xl px-4" aria-labelledby="flash-sale-heading">
      <div className="rounded-box bg-secondary p-6 text-secondary-content sm:flex sm:items-center sm:justify-between">
        <div>
          <h2 id="flash-sale-heading" className="text-2xl font-bold">Flash sale</h2>
          <p>Fresh picks at haat prices — while the clock runs.</p>
        </div>
        {state.kind === 'running' ? (
          <div className="mt-4 grid auto-cols-max grid-flow-col gap-4 text-center sm:mt-0" role="timer" aria-live="off">
            {(['days', 'hours', 'minutes', 'seconds'] as const).map((unit) => (
              <div key={unit} className="flex flex-col rounded-box bg-neutral p-2 text-neutral-content">
                <span className="font-mono text-3xl tabular-nums">{String(state.parts[unit]).padStart(2, '0')}</span>
                {unit}
              </div>
            ))}
          </div>
        ) : (
          <p className="mt-4 text-2xl font-bold sm:mt-0">Time&apos;s up!</p>
        )}
      </div>
    </section>
  );
}
