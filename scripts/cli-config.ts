import { ConfigError, loadConfig, type Config } from '../core/config/config.js';
import { readEnvironment } from '../core/config/load-env-file.js';

/** Loads the configuration for a command-line tool, exiting with the problems listed when invalid. */
export function loadCliConfig(): Config {
  try {
    return loadConfig(readEnvironment());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

/** Development tools that hold signing keys refuse to run in production. */
export function refuseInProduction(config: Config, what: string): void {
  if (config.isProduction) {
    console.error(`${what} is for development and tests only; refusing to run with NODE_ENV=production`);
    process.exit(2);
  }
}
