import { describe, expect, it } from 'vitest';
import { upcomingReminder } from './foia-reminders.js';

const running = { clock: 'running' as const, due_date: '2026-12-10', withinDays: 3, dueSoonRecorded: false };

describe('upcomingReminder', () => {
  it('is withinDays before the due date while that day is ahead', () => {
    expect(upcomingReminder({ ...running, today: '2026-11-24' })).toEqual({ kind: 'due_soon', on: '2026-12-07', due_date: '2026-12-10' });
    expect(upcomingReminder({ ...running, today: '2026-12-07' })).toEqual({ kind: 'due_soon', on: '2026-12-07', due_date: '2026-12-10' });
    expect(upcomingReminder({ ...running, withinDays: 0, today: '2026-11-24' })?.on).toBe('2026-12-10');
  });

  it('is today when that day has passed but the job has not recorded it yet (it will on its next run)', () => {
    expect(upcomingReminder({ ...running, today: '2026-12-09' })).toEqual({ kind: 'due_soon', on: '2026-12-09', due_date: '2026-12-10' });
    expect(upcomingReminder({ ...running, today: '2026-12-10' })?.on).toBe('2026-12-10');
  });

  it('is null once recorded for this due date, after the due date, or when the clock does not run or there is no due date', () => {
    expect(upcomingReminder({ ...running, today: '2026-12-08', dueSoonRecorded: true })).toBeNull();
    expect(upcomingReminder({ ...running, today: '2026-12-11' })).toBeNull();
    for (const clock of ['not_started', 'paused', 'stopped'] as const) expect(upcomingReminder({ ...running, clock, today: '2026-11-24' })).toBeNull();
    expect(upcomingReminder({ ...running, due_date: null, today: '2026-11-24' })).toBeNull();
  });
});
