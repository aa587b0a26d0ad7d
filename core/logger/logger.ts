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
  /** `json` (one JSON object per line, for machines) or `pretty` (one readable line per event, for a terminal). */
  format?: 'json' | 'pretty';
  /** Where lines go; standard output when omitted. Tests pass a collector. */
  destination?: { write(chunk: string): unknown };
}

const LEVEL_TAGS: Record<string, string> = { trace: 'TRACE', debug: 'DEBUG', info: 'INFO ', warn: 'WARN ', error: 'ERROR', fatal: 'FATAL' };
const PRETTY_SKIP = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'v']);
/** A field longer than this is cut in pretty output (a bundler report, a stack). */
const PRETTY_MAX_FIELD = 160;

function prettyValue(value: unknown): string {
  const text = typeof value === 'string' ? (/[\s"=]/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value);
  return text.length > PRETTY_MAX_FIELD ? `${text.slice(0, PRETTY_MAX_FIELD)}…` : text;
}

/**
 * One JSON log line as one readable line: `12:04:05 INFO  [api] message key=value …`, the
 * process's short name in brackets so several processes can share a terminal.
 */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof record['time'] === 'string' ? record['time'].slice(11, 19) : '';
  const level = LEVEL_TAGS[String(record['level'])] ?? String(record['level']).toUpperCase();
  const name = String(record['name'] ?? '').replace(/^sunlight-?/, '') || 'sunlight';
  const err = record['err'] as { message?: unknown } | undefined;
  const fields = Object.entries(record)
    .filter(([k, v]) => !PRETTY_SKIP.has(k) && v !== undefined && k !== 'err')
    .map(([k, v]) => `${k}=${prettyValue(v)}`);
  if (err) fields.push(`err=${prettyValue(err.message ?? err)}`);
  const msg = String(record['msg'] ?? '').replace(/\s*\n\s*/g, ' ');
  return `${time} ${level} [${name}] ${msg.length > 300 ? `${msg.slice(0, 300)}…` : msg}${fields.length ? `  ${fields.join(' ')}` : ''}\n`;
}

/** Creates the process's root logger: JSON lines (or pretty ones), redacted at the source. */
export function createLogger(options: LoggerOptions): Logger {
  const target = options.destination ?? process.stdout;
  const destination = options.format === 'pretty' ? { write: (chunk: string) => target.write(chunk.split('\n').filter(Boolean).map(prettyLine).join('')) } : target;
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
    scrubbingDestination(destination),
  );
}
