import type { FastifyInstance } from 'fastify';
import type { Deps } from './context';
import { subscribe, type EventSubscriber } from './events';
import type { ScheduledJob } from './scheduler';

/** Registers one module's HTTP routes (`registerClientRoutes(app, deps)`, …), each through `defineRoute`. */
export type RouteRegistrar = (app: FastifyInstance, deps: Deps) => void;

/**
 * A product area of the server: what `buildApp` needs to know of it, in one object. The app walks
 * the ordered list in `areas/index.ts`: it registers every area's routes, subscribes its domain-event
 * subscribers, hands its jobs to the one scheduler, and on close releases all of them (subscribers
 * unsubscribed, the scheduler stopped, then each area's `close`). An area's modules live in
 * `areas/<area>/` (routes, service, jobs, tests side by side); its file `areas/<area>/area.ts`
 * says which they are.
 */
export interface ServerArea {
  /** What it holds, in a word: `auth`, `invoicing`, … */
  readonly name: string;
  /** Its modules' routes, registered in this order. */
  readonly routes: readonly RouteRegistrar[];
  /** Run inside the transaction of every domain event (see lib/events.ts); subscribed while the app is open. */
  readonly subscribers?: readonly EventSubscriber[];
  /** Jobs of the scheduler's passes (see lib/scheduler.ts); the app's close stops the scheduler. */
  readonly jobs?: readonly ScheduledJob[];
  /** Releases anything else the area opened (after its subscribers are released and the scheduler stopped). */
  readonly close?: (deps: Deps) => Promise<void> | void;
}

/** Every job of the areas, in the order of the areas. */
export function areaJobs(areas: readonly ServerArea[]): ScheduledJob[] {
  return areas.flatMap((area) => area.jobs ?? []);
}

/**
 * Registers the areas on the app in order (routes, subscribers) and their release on close. The
 * scheduler (`app.scheduler`, built from `areaJobs(areas)`) must be decorated first: routes such as
 * "Run now" use it.
 */
export function registerAreas(app: FastifyInstance, deps: Deps, areas: readonly ServerArea[]): void {
  const releases: Array<() => void> = [];
  for (const area of areas) {
    for (const register of area.routes) register(app, deps);
    for (const subscriber of area.subscribers ?? []) releases.push(subscribe(subscriber));
  }
  app.addHook('onClose', async () => {
    for (const release of releases) release();
    await app.scheduler.stop();
    for (const area of areas) await area.close?.(deps);
  });
}
