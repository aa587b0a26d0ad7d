import { Writable } from 'node:stream';
import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger } from 'pino';

/** Structured fields that may hold credentials, wherever they appear in a log record. */
export const REDACTED_PATHS = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'token',
  'accessToken',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'clientSecret',
  'password',
  'secret',
  'apiKey',
  'api_key',
  '*.token',
  '*.accessToken',
  '*.access_token',
  '*.client_secret',
  '*.clientSecret',
  '*.password',
  '*.secret',
  '*.apiKey',
  '*.api_key',
];

const JWT_PATTERN = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g;
const BEARER_PATTERN = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;

/** Removes bearer credentials and JWT-shaped strings from one serialised log line. */
export function scrubSecrets(line: string): string {
  return line.replace(BEARER_PATTERN, '$1[REDACTED]').replace(JWT_PATTERN, '[REDACTED_JWT]');
}

/**
 * A destination that scrubs every line before it reaches `target`: the last line of
 * defence for tokens that end up inside free text (an error message, a URL).
 */
export function scrubbingDestination(target: { write(chunk: string): unknown }): DestinationStream {
  return new Writable({
    write(chunk: Buffer | string, _enc, callback) {
      target.write(scrubSecrets(chunk.toString()));
      callback();
    },
  });
}

export interface LoggerOptions {
  level: string;
  name?: string;
  /** Where lines go; standard output when omitted. Tests pass a collector. */
  destination?: { write(chunk: string): unknown };
}

/** Creates the process's root logger: JSON lines, redacted at the source. */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      name: options.name ?? 'sunlight',
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
    },
    scrubbingDestination(options.destination ?? process.stdout),
  );
}
