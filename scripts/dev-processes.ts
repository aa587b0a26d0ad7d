import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** True when something accepts TCP connections at `host:port`. */
export function isReachable(address: string, timeoutMs = 500): Promise<boolean> {
  const [host, port] = splitAddress(address);
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function splitAddress(address: string): [string, number] {
  const idx = address.lastIndexOf(':');
  return [address.slice(0, idx) || '127.0.0.1', Number(address.slice(idx + 1))];
}

export async function waitUntilReachable(address: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isReachable(address)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${address} did not come up within ${timeoutMs / 1000}s`);
}

/**
 * Starts `temporal server start-dev` from the project's venv, persisting to a SQLite file
 * under the data directory, unless TEMPORAL_ADDRESS already answers.
 */
export async function startTemporalDevServer(options: {
  cliPath: string;
  address: string;
  namespace: string;
  uiPort: number;
  dataDir: string;
}): Promise<ChildProcess | null> {
  if (await isReachable(options.address)) return null;
  if (!fs.existsSync(options.cliPath)) {
    throw new Error(`Temporal CLI not found at ${options.cliPath}; run 'make setup'`);
  }
  const [ip, port] = splitAddress(options.address);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const child = spawn(
    options.cliPath,
    [
      'server', 'start-dev',
      '--ip', ip,
      '--port', String(port),
      '--ui-port', String(options.uiPort),
      '--namespace', options.namespace,
      '--db-filename', path.join(options.dataDir, 'temporal.sqlite'),
      '--log-level', 'warn',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  await waitUntilReachable(options.address, 60_000);
  return child;
}

/** Runs a TypeScript entry point as a child process sharing this terminal. */
export function startNodeProcess(entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], { stdio: 'inherit', env });
}

/** Sends SIGTERM and waits for the process to exit (SIGKILL after `graceMs`). */
export function stopProcess(child: ChildProcess | null, graceMs = 10_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
