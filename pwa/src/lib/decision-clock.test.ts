import { describe, expect, it } from 'vitest';
import { byDeadline, decisionClock } from './decision-clock';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const at = (hoursFromNow: number) => new Date(NOW + hoursFromNow * 3_600_000).toISOString();

describe('decisionClock', () => {
  it('rounds the hours left up, and is urgent under 12 h', () => {
    expect(decisionClock(at(72), NOW)).toEqual({ late: false, hours: 72, urgent: false });
    expect(decisionClock(at(40 + 1 / 6), NOW)).toEqual({ late: false, hours: 41, urgent: false });
    expect(decisionClock(at(12), NOW)).toEqual({ late: false, hours: 12, urgent: false });
    expect(decisionClock(at(11.5), NOW)).toEqual({ late: false, hours: 12, urgent: true });
    expect(decisionClock(at(0.01), NOW)).toEqual({ late: false, hours: 1, urgent: true });
  });

  it('counts whole hours past the deadline', () => {
    expect(decisionClock(at(0), NOW)).toEqual({ late: true, hours: 0, urgent: true });
    expect(decisionClock(at(-5.5), NOW)).toEqual({ late: true, hours: 5, urgent: true });
    expect(decisionClock('not a date', NOW)).toEqual({ late: true, hours: 0, urgent: true });
  });
});

describe('byDeadline', () => {
  it('puts the earliest deadline first without changing its input', () => {
    const problems = [
      { _id: 'b', deadline: at(30) },
      { _id: 'a', deadline: at(-2) },
      { _id: 'c', deadline: at(30) },
    ];
    expect(byDeadline(problems).map((p) => p._id)).toEqual(['a', 'b', 'c']);
    expect(problems.map((p) => p._id)).toEqual(['b', 'a', 'c']);
  });
});
