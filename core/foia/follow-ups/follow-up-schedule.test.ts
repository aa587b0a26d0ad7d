import { describe, expect, it } from 'vitest';
import { followUpDueOn, followUpInterval, followUpIsDue } from './follow-up-schedule.js';

const DAYS = { state: 15, federal: 30, byJurisdiction: { texas: 10 } };

describe('follow-up schedule', () => {
  it('uses the jurisdiction override, else the federal or state-and-local default', () => {
    expect(followUpInterval('texas', DAYS)).toBe(10);
    expect(followUpInterval('federal', DAYS)).toBe(30);
    expect(followUpInterval('california', DAYS)).toBe(15);
  });

  it('falls due the day after the deadline when the last letter is old enough, else an interval after the last letter', () => {
    // Submitted 11-21, due 12-09: 15 days after submission (12-06) is earlier, so the day after the deadline.
    expect(followUpDueOn({ dueDate: '2025-12-09', lastContactOn: '2025-11-21', interval: 15 })).toBe('2025-12-10');
    // A follow-up went out on 12-10: the next one 15 days later.
    expect(followUpDueOn({ dueDate: '2025-12-09', lastContactOn: '2025-12-10', interval: 15 })).toBe('2025-12-25');
    // Federal: 30 days after the last letter.
    expect(followUpDueOn({ dueDate: '2025-12-10', lastContactOn: '2025-12-11', interval: 30 })).toBe('2026-01-10');
  });

  it('is due on and after that day, not before', () => {
    const input = { dueDate: '2025-12-09', lastContactOn: '2025-12-10', interval: 15 };
    expect(followUpIsDue({ ...input, today: '2025-12-24' })).toBe(false);
    expect(followUpIsDue({ ...input, today: '2025-12-25' })).toBe(true);
    expect(followUpIsDue({ ...input, today: '2026-01-03' })).toBe(true);
    expect(followUpIsDue({ dueDate: '2025-12-09', lastContactOn: '2025-11-21', interval: 15, today: '2025-12-09' })).toBe(false);
  });
});
