import fs from 'node:fs';
import { parse } from 'dotenv';
import { ConfigError, loadConfig, type Config } from './config.js';

/**
 * Entry points call this once: a `.env` file, when present, fills variables the real
 * environment does not set (the real environment always wins).
 */
export function readEnvironment(file = '.env'): Record<string, string | undefined> {
  const fromFile = fs.existsSync(file) ? parse(fs.readFileSync(file)) : {};
  return { ...fromFile, ...process.env };
}

/** The configuration of a process, or exit 2 listing every problem (for entry points only). */
export function loadProcessConfig(): Config {
  try {
    return loadConfig(readEnvironment());
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}
