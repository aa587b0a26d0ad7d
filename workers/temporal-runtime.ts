import { Runtime, type Logger as TemporalLogger, type LogLevel, type LogMetadata } from '@temporalio/worker';
import type { Logger } from '../core/logger/logger.js';

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

let installed = false;

/**
 * Routes the Temporal SDK's own logs into our structured logger. Call before the first worker or
 * connection of the process; later calls keep the first logger (the runtime is one per process).
 */
export function installTemporalRuntime(logger: Logger): void {
  if (installed) return;
  installed = true;
  const log = logger.child({ module: 'temporal-sdk' });
  const forward: TemporalLogger = {
    log: (level: LogLevel, message: string, meta?: LogMetadata) => log[LEVELS[level]](meta ?? {}, message),
    trace: (message, meta) => log.trace(meta ?? {}, message),
    debug: (message, meta) => log.debug(meta ?? {}, message),
    info: (message, meta) => log.info(meta ?? {}, message),
    warn: (message, meta) => log.warn(meta ?? {}, message),
    error: (message, meta) => log.error(meta ?? {}, message),
  };
  Runtime.install({ logger: forward });
}
