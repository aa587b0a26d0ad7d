import fs from 'node:fs';
import { parse } from 'dotenv';

/**
 * Entry points call this once: a `.env` file, when present, fills variables the real
 * environment does not set (the real environment always wins).
 */
export function readEnvironment(file = '.env'): Record<string, string | undefined> {
  const fromFile = fs.existsSync(file) ? parse(fs.readFileSync(file)) : {};
  return { ...fromFile, ...process.env };
}
