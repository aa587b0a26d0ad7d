import { createKnex } from '../core/db/knex.js';

/** Creates the database named in `url` when it does not exist (development convenience). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Refusing to create a database with an unusual name: ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = createKnex({ url: adminUrl.toString(), poolMax: 1 });
  try {
    const exists = await admin.raw<{ rowCount: number }>('SELECT 1 FROM pg_database WHERE datname = ?', [name]);
    if (exists.rowCount === 0) await admin.raw(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.destroy();
  }
}
