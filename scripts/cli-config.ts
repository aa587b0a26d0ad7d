import type { Config } from '../core/config/config.js';
import { loadProcessConfig } from '../core/config/load-env-file.js';

/** Loads the configuration for a command-line tool, exiting with the problems listed when invalid. */
export const loadCliConfig = loadProcessConfig;

/** Development tools that hold signing keys refuse to run in production. */
export function refuseInProduction(config: Config, what: string): void {
  if (config.isProduction) {
    console.error(`${what} is for development and tests only; refusing to run with NODE_ENV=production`);
    process.exit(2);
  }
}
