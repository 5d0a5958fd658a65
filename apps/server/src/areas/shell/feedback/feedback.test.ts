import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_MESSAGES } from '@ledgerleaf/domain';
import { createAccessToken, createUser } from '@ledgerleaf/db';
import { generateToken, sha256Hex } from '../../../lib/crypto';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let ownerToken: string;
let businessId: number;

const valid = {
  type: 'bug',
  feature: 'invoices',
  rating: 4,
  description: 'The PDF preview is blank on Safari.',
  systemInfo: {
    browser: 'Mozilla/5.0 Safari',
    os: 'MacIntel',
    screenSize: '1440x900',
    currentUrl: 'http://localhost/invoices/3',
  },
  timestamp: '2026-03-01T10:00:00.000Z',
};

async function addUser(email: string, role: string): Promise<string> {
  const now = new Date();
  const user = await createUser(t.database.db, {
    businessId,
    name: `${role} user`,
    email,
    passwordHash: 'x',
    role,
    now,
  });
  const bearer = generateToken();
  await createAccessToken(t.database.db, {
    businessId,
    userId: user.id,
    name: 'test',
    tokenHash: sha256Hex(bearer),
    expiresAt: null,
    now,
  });
  return bearer;
}

beforeAll(async () => {
  t = await createTestApp();
  const registered = await t.register({ email: 'feedback-owner@example.com' });
  ownerToken = registered.token;
  businessId = (
    await t.database.db
      .selectFrom('users')
      .select('business_id')
      .where('id', '=', registered.user.id)
      .executeTakeFirstOrThrow()
  ).business_id;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/beta-feedback', () => {
  it('stores a report and answers 201 with it', async () => {
    const response = await t.post('/api/beta-feedback', valid, { token: ownerToken });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      message: SHELL_MESSAGES.feedbackStored,
      data: {
        id: expect.any(Number),
        user_id: expect.any(Number),
        user_name: 'Olive Owner',
        user_email: 'feedback-owner@example.com',
        type: 'bug',
        feature: 'invoices',
        rating: 4,
        description: valid.description,
        system_info: valid.systemInfo,
        client_timestamp: valid.timestamp,
        created_at: expect.any(String),
      },
    });
    const rows = await t.database.db
      .selectFrom('beta_feedback')
      .selectAll()
      .where('business_id', '=', businessId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.system_info)).toEqual(valid.systemInfo);
  });

  it('accepts a report without rating, system info or timestamp', async () => {
    const response = await t.post(
      '/api/beta-feedback',
      { type: 'improvement', feature: 'dashboard', description: 'A weekly summary email' },
      { token: ownerToken },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      rating: null,
      client_timestamp: null,
      system_info: { browser: '', os: '', screenSize: '', currentUrl: '' },
    });
  });

  it('answers 422 with the shared messages when type, feature and description are missing', async () => {
    const response = await t.post('/api/beta-feedback', { rating: 9 }, { token: ownerToken });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      type: [SHELL_MESSAGES.feedbackTypeRequired],
      feature: [SHELL_MESSAGES.feedbackFeatureRequired],
      rating: [SHELL_MESSAGES.feedbackRatingInvalid],
      description: [SHELL_MESSAGES.feedbackDescriptionRequired],
    });
  });

  it('answers 422 (never 500) to odd bodies', async () => {
    for (const body of [
      [],
      { ...valid, type: 'rant' },
      { ...valid, systemInfo: 'x' },
      { ...valid, timestamp: 'yesterday' },
      { ...valid, description: 'x'.repeat(5001) },
    ]) {
      const response = await t.post('/api/beta-feedback', body, { token: ownerToken });
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
  });

  it('needs a token', async () => {
    const response = await t.post('/api/beta-feedback', valid);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/beta-feedback', () => {
  it('lists the business’s reports newest first for owners and admins', async () => {
    const adminToken = await addUser('feedback-admin@example.com', 'admin');
    for (const bearer of [ownerToken, adminToken]) {
      const response = await t.get('/api/beta-feedback', { token: bearer });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.meta).toEqual({ page: 1, per_page: 25, total: 2, last_page: 1 });
      expect(body.data.map((entry: { type: string }) => entry.type)).toEqual(['improvement', 'bug']);
    }
  });

  it('filters by type and pages the filtered total; an unknown type is 422', async () => {
    const suggestions = await t.get('/api/beta-feedback?type=improvement', { token: ownerToken });
    expect(suggestions.statusCode).toBe(200);
    expect(suggestions.json().meta).toEqual({ page: 1, per_page: 25, total: 1, last_page: 1 });
    expect(suggestions.json().data.map((entry: { type: string }) => entry.type)).toEqual(['improvement']);
    const none = await t.get('/api/beta-feedback?type=other', { token: ownerToken });
    expect(none.json()).toEqual({ data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } });
    const bad = await t.get('/api/beta-feedback?type=rant', { token: ownerToken });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ type: [SHELL_MESSAGES.feedbackTypeRequired] });
  });

  it('answers 403 to a member', async () => {
    const memberToken = await addUser('feedback-member@example.com', 'member');
    const response = await t.get('/api/beta-feedback', { token: memberToken });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: SHELL_MESSAGES.adminOnly });
    // A member may still send feedback.
    expect((await t.post('/api/beta-feedback', valid, { token: memberToken })).statusCode).toBe(201);
  });

  it('never shows another business’s reports', async () => {
    const other = await t.register({ email: 'feedback-other@example.com', business_name: 'Other Co' });
    const response = await t.get('/api/beta-feedback', { token: other.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });
});
