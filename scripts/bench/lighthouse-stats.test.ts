/** Figure 2's computations: bytes finished before LCP, the observed LCP's time base, the median run. */
import { describe, expect, it } from 'vitest';
import { bytesBeforeLcp, medianRun, observedLcpMs } from './lighthouse-stats';

describe('bytesBeforeLcp', () => {
  it('sums the transfer sizes of the requests that finished by the LCP, the one ending at it included', () => {
    const requests = [
      { url: '/', networkEndTime: 120, finished: true, transferSize: 9000 },
      { url: '/assets/index.js', networkEndTime: 480, finished: true, transferSize: 120_000 },
      { url: '/img/first.webp', networkEndTime: 900, finished: true, transferSize: 15_000 },
      { url: '/assets/db.js', networkEndTime: 2400, finished: true, transferSize: 31_000 },
    ];
    expect(bytesBeforeLcp(requests, 900)).toEqual({ bytes: 144_000, requests: 3 });
  });

  it('leaves out requests that failed, never ended or have no size', () => {
    const requests = [
      { url: '/', networkEndTime: 100, finished: true, transferSize: 5000 },
      { url: '/api/products', networkEndTime: 200, finished: false, transferSize: 800 },
      { url: '/stalled.js', finished: true, transferSize: 4000 },
      { url: '/favicon.ico', networkEndTime: 300, finished: true },
    ];
    expect(bytesBeforeLcp(requests, 1000)).toEqual({ bytes: 5000, requests: 2 });
  });
});

describe('observedLcpMs', () => {
  it('puts the LCP timestamp on the network time base, in milliseconds', () => {
    expect(observedLcpMs(5_000_900_000, 5_000_000_000)).toBe(900);
  });

  it('is NaN when Lighthouse gave no timestamp', () => {
    expect(observedLcpMs(undefined, 5_000_000_000)).toBeNaN();
  });
});

describe('medianRun', () => {
  it('takes the median of every number on its own and the rest from the median-scoring run', () => {
    const runs = [
      { performance: 97, lcp: 1100, tbt: 90, lcpElement: 'a' },
      { performance: 99, lcp: 1500, tbt: 10, lcpElement: 'b' },
      { performance: 98, lcp: 1300, tbt: 40, lcpElement: 'c' },
    ];
    expect(medianRun(runs)).toEqual({ performance: 98, lcp: 1300, tbt: 40, lcpElement: 'c' });
    expect(medianRun([runs[0], runs[1]] as typeof runs)).toEqual({
      performance: 98,
      lcp: 1300,
      tbt: 50,
      lcpElement: 'a',
    });
  });

  it('refuses no runs', () => {
    expect(() => medianRun([])).toThrow(/no runs/);
  });
});
