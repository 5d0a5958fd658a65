import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusiness, type Db } from '@ledgerleaf/db';
import { SERVER_AREAS } from '../areas';
import { createTestApp, type TestApp } from '../test/harness';
import { areaJobs, registerAreas, type ServerArea } from './area';
import { publish, type DomainEvent } from './events';
import { createSchedulerController, passOrder, runScheduler, type ScheduledJob } from './scheduler';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const clientCreated = (businessId: number): DomainEvent<'client.created'> => ({
  type: 'client.created',
  businessId,
  userId: null,
  subject: { type: 'client', id: 1 },
  data: { name: 'A' },
  at: new Date(),
});

/** An app with only `areas` on it (the scheduler they declare, their routes and subscribers). */
async function appOf(areas: ServerArea[]) {
  const app = Fastify();
  app.decorate('scheduler', createSchedulerController(t.app.deps, areaJobs(areas)));
  registerAreas(app, t.app.deps, areas);
  await app.ready();
  return app;
}

describe('server areas', () => {
  it('are walked in one ordered list, openapi last', () => {
    expect(SERVER_AREAS.map((area) => area.name)).toEqual([
      'auth',
      'invoicing',
      'goals',
      'shell',
      'account',
      'crm',
      'calendar',
      'reports',
      'dashboard',
      'openapi',
    ]);
  });

  it("hand their jobs to one scheduler, which runs them by stage, then in the areas' order", () => {
    expect(t.app.scheduler.jobs.map((job) => job.name)).toEqual([
      'overdue',
      'emails',
      'recurring',
      'expire',
      'reminders',
      'crm-reminders',
    ]);
    expect(passOrder(t.app.scheduler.jobs).map((job) => job.name)).toEqual([
      'recurring',
      'overdue',
      'expire',
      'reminders',
      'emails',
      'crm-reminders',
    ]);
  });

  it('a pass adds up what each job counts; a job name that does not exist is refused, not silently skipped', async () => {
    const ran: string[] = [];
    const job = (name: string, stage: ScheduledJob['stage'], counts: Record<string, number>): ScheduledJob => ({
      name,
      stage,
      run: async () => {
        ran.push(name);
        return counts;
      },
    });
    const jobs = [
      job('send', 'deliver', { emails_sent: 2 }),
      job('make', 'create', { invoices_created: 3, failures: 1 }),
    ];
    expect(await runScheduler(t.app.deps, jobs)).toEqual({
      invoices_created: 3,
      emails_sent: 2,
      overdue: 0,
      expired: 0,
      reminders: 0,
      failures: 1,
    });
    expect(ran).toEqual(['make', 'send']);
    await expect(runScheduler(t.app.deps, jobs, { only: ['sned'] })).rejects.toThrow('No scheduled job named sned');
  });

  it('subscribe their subscribers while the app is open, once however many apps declare them, and release them on close', async () => {
    const business = await createBusiness(t.database.db, { name: 'Areas', now: new Date() });
    const seen: string[] = [];
    const subscriber = (_tx: Db, event: DomainEvent) => {
      seen.push(event.type);
    };
    let closed = 0;
    const area: ServerArea = { name: 'probe', routes: [], subscribers: [subscriber], close: () => void (closed += 1) };
    const emit = () => t.database.db.transaction().execute((tx) => publish(tx, clientCreated(business.id)));

    const first = await appOf([area]);
    const second = await appOf([area]);
    await emit();
    expect(seen).toEqual(['client.created']);
    await first.close();
    await emit();
    expect(seen).toHaveLength(2);
    await second.close();
    await emit();
    expect(seen).toHaveLength(2);
    expect(closed).toBe(2);
  });

  it('events are checked by the compiler against the domain map', () => {
    const event = clientCreated(1);
    // @ts-expect-error -- `client.created` carries the client's name, not a count
    const wrongData: DomainEvent<'client.created'> = { ...event, data: { count: 1 } };
    // @ts-expect-error -- no such event
    const unknownName: DomainEvent = { ...event, type: 'client.exploded' };
    // @ts-expect-error -- a client event is about a client
    const wrongSubject: DomainEvent<'client.created'> = { ...event, subject: { type: 'invoice', id: 1 } };
    expect([wrongData, unknownName, wrongSubject]).toHaveLength(3);
  });
});
