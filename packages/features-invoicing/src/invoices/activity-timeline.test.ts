import { describe, expect, it } from 'vitest';
import { activityText } from './activity-timeline';

const entry = (event: string, data: Record<string, unknown> = {}) => ({
  id: 1,
  event,
  user_id: 1,
  data,
  created_at: '2026-11-22T10:00:00Z',
});

describe('the invoice’s activity in words (issue 27 item 5)', () => {
  it('a payment allocated to goals reads as the dashboard words it, never its code', () => {
    expect(activityText(entry('payment.allocated', { amount: 750 }))).toBe('Payment of $750.00 allocated to goals');
  });

  it('an event it does not know is made readable, never shown as a dotted code', () => {
    const text = activityText(entry('invoice.something_new'));
    expect(text).toBe('Invoice something new');
    expect(text).not.toMatch(/\b[a-z]+\.[a-z_]+\b|\b[a-z]+(_[a-z]+)+\b/);
  });
});
