import { once } from 'node:events';
import type { Response } from 'express';
import type { RowExport } from '../../../core/database-access/database-service.js';
import type { Logger } from '../../../core/logger/logger.js';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; JSON for objects. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * Streams an export as it is read: a batch of rows from Postgres, written, then the next,
 * waiting for the client when its buffer is full; a client that goes away stops the reading.
 * An error after the first bytes can no longer become an error envelope: the response is cut
 * off (the client sees an incomplete body) and the error logged.
 */
export async function streamExport(res: Response, exp: RowExport, format: 'ndjson' | 'csv', filename: string, log: Logger): Promise<void> {
  // The first batch is read before any byte is sent, so a failure there is still an error envelope.
  const first = await exp.batches.next();
  res.status(200);
  res.setHeader('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}.${format}"`);
  res.setHeader('Cache-Control', 'no-store');
  const names = exp.columns.map((c) => c.name);
  let closed = false;
  res.on('close', () => (closed = true));
  const write = async (chunk: string): Promise<void> => {
    if (!res.write(chunk) && !closed) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  };
  try {
    if (format === 'csv') await write(csvLine(names));
    for (let next = first; !next.done && !closed; next = await exp.batches.next()) {
      const batch = next.value;
      const text = format === 'csv' ? batch.map((row) => csvLine(names.map((n) => row[n]))).join('') : batch.map((row) => `${JSON.stringify(row)}\n`).join('');
      await write(text);
    }
    res.end();
  } catch (err) {
    log.error({ err: { name: (err as Error).name, message: (err as Error).message } }, 'database export failed mid-stream');
    res.destroy();
  } finally {
    await exp.batches.return(undefined);
  }
}
