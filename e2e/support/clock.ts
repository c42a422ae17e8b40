import { forgetOperatorSessionsOf } from './session';

/**
 * Moves the business clock of a server started with `startServer({ TEST_CLOCK: '1' })` forward
 * (decision 0135): expiry, grace periods and sweeps see the later time; request signing and the
 * browser keep the real one. A test that moves the clock starts its own server, never the shared one.
 */
export async function advanceServerClock(baseUrl: string, ms: number): Promise<{ now: number; offsetMs: number }> {
  const response = await fetch(`${baseUrl}/__test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
  if (!response.ok) throw new Error(`the server's clock did not move (${response.status}): was it started with TEST_CLOCK=1?`);
  // Its operators' second factors are now as old as the server says: the next sign-in is a real one.
  forgetOperatorSessionsOf(baseUrl);
  return (await response.json()) as { now: number; offsetMs: number };
}
