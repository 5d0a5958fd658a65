import { expect } from 'vitest';
import { validRegistration, type TestApp } from '../../test/harness';

/** The test clock's "now" for the calendar tests: 11:00 in New York on Friday 2030-05-10. */
export const NOW = '2030-05-10T15:00:00Z';

/** Moves the test clock to `iso` (for the rest of the file). */
export function setClock(t: TestApp, iso: string): void {
  t.clock.advance(Date.parse(iso) - t.clock().getTime());
}

export interface CalendarBusiness {
  token: string;
  userId: number;
  businessId: number;
  clientId: number;
  types: Record<string, number>;
}

/** An owner of a business in New York's time zone, with one client. */
export async function calendarBusiness(t: TestApp, email: string, name = 'Olive Bakery'): Promise<CalendarBusiness> {
  const registered = await t.post(
    '/api/register',
    validRegistration({ email, business_name: name, time_zone: 'America/New_York' }),
  );
  expect(registered.statusCode, registered.body).toBe(201);
  const token = registered.json().token as string;
  const user = await t.database.db
    .selectFrom('users')
    .select(['id', 'business_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const client = await t.post('/api/clients', { name: `${name} Client`, email: `ap-${email}` }, { token });
  expect(client.statusCode, client.body).toBe(201);
  const types = await t.get('/api/crm/activity-types', { token });
  return {
    token,
    userId: user.id,
    businessId: user.business_id,
    clientId: client.json().data.id,
    types: Object.fromEntries(
      (types.json().data as Array<{ name: string; id: number }>).map((type) => [type.name, type.id]),
    ),
  };
}

export async function createInvoice(
  t: TestApp,
  b: CalendarBusiness,
  dueDate: string,
  options: { send?: boolean; price?: number; issueDate?: string } = {},
): Promise<number> {
  const response = await t.post(
    '/api/invoices',
    {
      client_id: b.clientId,
      issue_date: options.issueDate ?? '2030-04-20',
      due_date: dueDate,
      lines: [{ description: 'Design work', quantity: 1, unit_price: options.price ?? 400, tax_rate_ids: [] }],
      ...(options.send ? { send: true } : {}),
    },
    { token: b.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

export async function createActivity(
  t: TestApp,
  b: CalendarBusiness,
  dueAt: string,
  body: Record<string, unknown> = {},
  token = b.token,
): Promise<{ id: number; reminders: Array<{ remind_at: string }> }> {
  const response = await t.post(
    '/api/crm/activities',
    { type_id: b.types.Call, subject: 'Call back', due_at: dueAt, client_id: b.clientId, reminders: [15], ...body },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export type EventLike = { id: string; kind: string; start: string; [key: string]: unknown };

export async function events(t: TestApp, token: string, query: string): Promise<EventLike[]> {
  const response = await t.get(`/api/calendar/events?${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as EventLike[];
}
