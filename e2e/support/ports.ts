import { createServer } from 'node:net';

/**
 * Ports for the servers a test starts, with no race between the tests running at the same time
 * (decision 0147). Opening port 0, reading the number and closing it leaves a window in which
 * another test's "free" port can be the same one; two clusters side by side once shared a process
 * that way. So each test worker owns a band of ports below Linux's ephemeral range (32768 up, where
 * port 0 and outgoing connections take theirs): the band is chosen by the Vitest project
 * (`PORT_GROUP`, set per project in vitest.config.ts: the smoke and the cluster projects run
 * side by side in CI) and the worker (`VITEST_POOL_ID`), and within
 * it a port is handed out once per worker, skipping any that something else already listens on.
 */
const BAND_SIZE = 300;
const FIRST_PORT = 20_000;
const WORKERS_PER_GROUP = 8;

const group = Number(process.env.PORT_GROUP ?? 0);
// Vitest's own process (a global set-up starting servers) takes the group's last band.
const worker = process.env.VITEST_POOL_ID ? Number(process.env.VITEST_POOL_ID) - 1 : WORKERS_PER_GROUP - 1;
const bandStart = FIRST_PORT + ((group * WORKERS_PER_GROUP + (worker % WORKERS_PER_GROUP)) % 40) * BAND_SIZE;
let next = 0;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port no other test worker will be given and nothing listens on now. */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < BAND_SIZE; tried += 1) {
    const port = bandStart + (next % BAND_SIZE);
    next += 1;
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${bandStart}-${bandStart + BAND_SIZE - 1}`);
}

/** `count` ports from the band, for a process that starts servers of its own (scripts/cluster.mjs). */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let i = 0; i < count; i += 1) ports.push(await freePort());
  return ports;
}
