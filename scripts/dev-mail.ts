import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Development only: a mail catcher on loopback for `make start` when no SMTP_URL is set.
 * Letters Sunlight "sends" are kept as .eml files under `dir` (open them with any mail
 * program), so sending can be tried without a provider and nothing reaches an agency.
 */
export async function startDevMailCatcher(options: { dir: string; port: number }): Promise<{ url: string; close(): Promise<void> }> {
  fs.mkdirSync(options.dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${count}.eml`;
        fs.promises.writeFile(path.join(options.dir, name), Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
