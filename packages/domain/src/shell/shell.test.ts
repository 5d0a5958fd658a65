import { describe, expect, it } from 'vitest';
import {
  SHELL_MESSAGES,
  canReviewFeedback,
  feedbackFeatureLabel,
  feedbackTypeLabel,
  notificationKind,
  parseNotificationData,
} from './index';
import { betaFeedbackListQuerySchema, betaFeedbackSchema, notificationListQuerySchema } from './contracts';
import { toFieldErrors } from '../errors';

describe('notification list query (SPEC.md section 7)', () => {
  it('defaults to 10 per page, page 1, all, not count-only', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({ per_page: 10, page: 1, filter: 'all', count_only: false });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    ['', false],
  ])('count_only=%j is %s', (raw, expected) => {
    expect(notificationListQuerySchema.parse({ count_only: raw }).count_only).toBe(expected);
  });

  it('refuses an unknown filter and a silly page size', () => {
    expect(notificationListQuerySchema.safeParse({ filter: 'read' }).success).toBe(false);
    expect(notificationListQuerySchema.safeParse({ per_page: '0' }).success).toBe(false);
    expect(notificationListQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
  });
});

describe('parseNotificationData', () => {
  it('reads an object, a JSON string, and a JSON string of a JSON string', () => {
    expect(parseNotificationData({ title: 'A' })).toEqual({ title: 'A' });
    expect(parseNotificationData('{"title":"A"}')).toEqual({ title: 'A' });
    expect(parseNotificationData(JSON.stringify('{"title":"A"}'))).toEqual({ title: 'A' });
  });

  it.each([null, undefined, 'not json', '[1]', 42])('gives {} for %j', (raw) => {
    expect(parseNotificationData(raw)).toEqual({});
  });
});

describe('notificationKind', () => {
  it.each([
    ['Invoice', 'Invoice'],
    ['App\\Notifications\\PaymentReceived', 'Payment'],
    ['RecurringInvoice', 'RecurringInvoice'],
    ['OtherIncome', 'OtherIncome'],
    ['GoalAchieved', 'Goal'],
    ['Estimate', 'Estimate'],
    ['Client', 'Client'],
    ['ActivityReminder', 'ActivityReminder'],
    ['Something', 'Other'],
  ])('%s -> %s', (type, kind) => {
    expect(notificationKind(type)).toBe(kind);
  });
});

describe('beta feedback (SPEC.md section 5)', () => {
  const valid = { type: 'bug', feature: 'invoices', description: 'The PDF is blank', rating: 4 };

  it('accepts a complete report and fills the optional parts', () => {
    expect(
      betaFeedbackSchema.parse({ type: 'improvement', feature: 'dashboard', description: '  More charts ' }),
    ).toEqual({
      type: 'improvement',
      feature: 'dashboard',
      description: 'More charts',
      rating: null,
      systemInfo: { browser: '', os: '', screenSize: '', currentUrl: '' },
      timestamp: null,
    });
    expect(betaFeedbackSchema.parse({ ...valid, timestamp: '2026-01-02T03:04:05.000Z' }).timestamp).toBe(
      '2026-01-02T03:04:05.000Z',
    );
  });

  it('requires type, feature and description with their messages', () => {
    const result = betaFeedbackSchema.safeParse({ description: '   ' });
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error!)).toEqual({
      type: [SHELL_MESSAGES.feedbackTypeRequired],
      feature: [SHELL_MESSAGES.feedbackFeatureRequired],
      description: [SHELL_MESSAGES.feedbackDescriptionRequired],
    });
  });

  it.each([0, 6, 2.5, '3'])('refuses rating %j', (rating) => {
    const result = betaFeedbackSchema.safeParse({ ...valid, rating });
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error!)).toEqual({ rating: [SHELL_MESSAGES.feedbackRatingInvalid] });
  });

  it.each([1, 5, null])('accepts rating %j', (rating) => {
    expect(betaFeedbackSchema.safeParse({ ...valid, rating }).success).toBe(true);
  });

  it('refuses an unknown type or feature', () => {
    expect(betaFeedbackSchema.safeParse({ ...valid, type: 'rant' }).success).toBe(false);
    expect(betaFeedbackSchema.safeParse({ ...valid, feature: 'crm' }).success).toBe(false);
  });
});

describe('beta feedback list (admins)', () => {
  it('pages with defaults and filters by one known type', () => {
    expect(betaFeedbackListQuerySchema.parse({})).toEqual({ page: 1, per_page: 25 });
    expect(betaFeedbackListQuerySchema.parse({ page: '2', per_page: '10', type: 'improvement' })).toEqual({
      page: 2,
      per_page: 10,
      type: 'improvement',
    });
    const result = betaFeedbackListQuerySchema.safeParse({ type: 'rant' });
    expect(toFieldErrors(result.error!)).toEqual({ type: [SHELL_MESSAGES.feedbackTypeRequired] });
  });

  it('labels types and features as SPEC.md section 9 shows them; unknown values as stored', () => {
    expect(feedbackTypeLabel('improvement')).toBe('Suggestion');
    expect(feedbackTypeLabel('bug')).toBe('Bug Report');
    expect(feedbackTypeLabel('legacy')).toBe('legacy');
    expect(feedbackFeatureLabel('advanced-reports')).toBe('Advanced Reports');
    expect(feedbackFeatureLabel('crm')).toBe('crm');
  });
});

describe('canReviewFeedback', () => {
  it.each([
    [['admin'], true],
    ['owner', true],
    [[{ name: 'Admin' }], true],
    [['member'], false],
    ['', false],
  ] as const)('%j -> %s', (roles, expected) => {
    expect(canReviewFeedback({ roles: roles as never })).toBe(expected);
  });
});
