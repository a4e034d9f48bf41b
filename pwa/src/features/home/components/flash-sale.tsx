import { useEffect, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { countdownState, flashSaleWindow } from '../countdown';

const window_ = flashSaleWindow(import.meta.env.FLASH_SALE_START, import.meta.env.FLASH_SALE_END);
const TWO_DIGITS = { minimumIntegerDigits: 2 };

/**
 * The flash-sale banner with its countdown, updated each second (spec §4). Hidden outside the
 * window; a sale that ends while the page is open shows "Time's up!".
 */
export function FlashSale() {
  const t = useT();
  // No clock before the first effect: the prerendered page and its hydrating render show no
  // banner, then the countdown starts from the shopper's time.
  const [now, setNow] = useState<number>();
  const [wasRunning, setWasRunning] = useState(false);
  const state = now === undefined ? undefined : countdownState(now, window_.start, window_.end);
  const ended = state?.kind === 'ended';
  useEffect(() => {
    if (ended) return undefined;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (countdownState(t, window_.start, window_.end).kind === 'running') setWasRunning(true);
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ended]);

  if (!state || state.kind === 'before' || (state.kind === 'ended' && !wasRunning)) return null;
  return (
    <section className="mx-auto my-10 max-w-6xl px-4" aria-labelledby="flash-sale-heading">
      <div className="rounded-box bg-secondary p-6 text-secondary-content sm:flex sm:items-center sm:justify-between">
        <div>
          <h2 id="flash-sale-heading" className="text-2xl font-bold">
            {t('home.flashSale')}
          </h2>
          <p>{t('home.flashSaleText')}</p>
        </div>
        {state.kind === 'running' ? (
          <div className="mt-4 grid auto-cols-max grid-flow-col gap-4 text-center sm:mt-0" role="timer" aria-live="off">
            {(
              [
                ['days', t('home.days')],
                ['hours', t('home.hours')],
                ['minutes', t('home.minutes')],
                ['seconds', t('home.seconds')],
              ] as const
            ).map(([unit, label]) => (
              <div key={unit} className="flex flex-col rounded-box bg-neutral p-2 text-neutral-content">
                <span className="font-mono text-3xl tabular-nums">{formatNumber(state.parts[unit], TWO_DIGITS)}</span>
                {label}
              </div>
            ))}
          </div>
        ) : (
          <p className="mt-4 text-2xl font-bold sm:mt-0">{t('home.timesUp')}</p>
        )}
      </div>
    </section>
  );
}
