/**
 * The server's one clock: every "now" and "today" of the services comes from `deps.clock()` (the
 * business's today is that instant in its time zone: `localToday`, `zonedToday`). It is the system
 * clock, or, for browser tests (TEST_CLOCK_START, refused in production by `loadConfig`), a clock that
 * starts at the given instant when the server starts and runs on at the real pace from there.
 */
export function serverClock(config: { testClockStart?: Date | undefined }, realNow: () => number = Date.now) {
  const start = config.testClockStart;
  if (start === undefined) return () => new Date();
  const offset = start.getTime() - realNow();
  return () => new Date(realNow() + offset);
}
