import type { DayCount, DayUnit, ExtraField, Normalisation } from './jurisdiction-record-types.js';

/**
 * Reads one nested block of a record (e.g. `requester_requirements`) field by field, under a
 * canonical key and its upstream aliases, recording every rename and type coercion, and
 * keeping track of which keys were used so the rest can be kept as extras.
 */
export interface BlockReader {
  text(normPath: string, ...keys: string[]): string | null;
  bool(normPath: string, ...keys: string[]): boolean | null;
  num(normPath: string, ...keys: string[]): number | null;
  list(normPath: string, ...keys: string[]): string[];
  days(normPath: string, dayKeys: string[], unitKeys: string[]): DayCount | null;
  /** True when the `-1` sentinel was read by `days`. */
  sawSentinel(): boolean;
  /** Keys present in the block, not read so far. */
  unreadKeys(): string[];
  /** Raw value of a key (marks it read). */
  raw(key: string): unknown;
  extras(): ExtraField[];
}

/** Maps an upstream unit spelling to a normalised unit; null for variable/unknown. */
export function normaliseDayUnit(raw: string | null): DayUnit | null {
  if (!raw) return null;
  const u = raw.toLowerCase().replace(/[\s-]+/g, '_');
  if (/^(business|working)(_days?)?$/.test(u)) return 'business';
  if (/^calendar(_days?)?$/.test(u) || u === 'days') return 'calendar';
  return null;
}

function asText(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) {
    const parts = v.filter((x) => typeof x === 'string' || typeof x === 'number').map(String);
    return parts.length ? parts.join('; ') : null;
  }
  return null;
}

/** Creates a reader over `block`, whose upstream path is `prefix` (e.g. `fee_structure`). */
export function createBlockReader(
  block: Record<string, unknown>,
  prefix: string,
  report: Normalisation[],
  fieldSources: Record<string, string>,
): BlockReader {
  const read = new Set<string>();
  let sentinel = false;

  const find = (normPath: string, keys: string[]): { key: string; value: unknown } | null => {
    const key = keys.find((k) => block[k] !== undefined && block[k] !== null);
    // Absent or null aliases are consumed; a second alias that also has a value stays unread (kept as an extra).
    for (const k of keys) if (k === key || block[k] === undefined || block[k] === null) read.add(k);
    if (key === undefined) return null;
    fieldSources[normPath] = `${prefix}.${key}`;
    if (key !== keys[0]) {
      report.push({ field: `${prefix}.${key}`, kind: 'renamed', note: `read as ${prefix}.${keys[0]}` });
    }
    return { key, value: block[key] };
  };

  const reader: BlockReader = {
    text(normPath, ...keys) {
      const hit = find(normPath, keys);
      if (!hit) return null;
      if (Array.isArray(hit.value)) {
        report.push({ field: `${prefix}.${hit.key}`, kind: 'list', note: 'list joined into one text' });
      } else if (typeof hit.value !== 'string' && typeof hit.value !== 'number') {
        report.push({ field: `${prefix}.${hit.key}`, kind: 'type', note: `${typeof hit.value} ignored where text expected` });
      }
      return asText(hit.value);
    },
    bool(normPath, ...keys) {
      const hit = find(normPath, keys);
      if (!hit) return null;
      if (typeof hit.value === 'boolean') return hit.value;
      const s = typeof hit.value === 'string' ? hit.value.trim().toLowerCase() : '';
      if (s === 'true' || s === 'yes') return true;
      if (s === 'false' || s === 'no') return false;
      report.push({ field: `${prefix}.${hit.key}`, kind: 'type', note: 'text where a yes/no flag was expected: flag left unknown, text kept as notes' });
      return null;
    },
    num(normPath, ...keys) {
      const hit = find(normPath, keys);
      if (!hit) return null;
      if (typeof hit.value === 'number') return hit.value;
      const n = typeof hit.value === 'string' ? Number(hit.value.replace(/[$,\s]/g, '')) : Number.NaN;
      if (Number.isFinite(n)) {
        report.push({ field: `${prefix}.${hit.key}`, kind: 'type', note: 'numeric text read as a number' });
        return n;
      }
      return null;
    },
    list(normPath, ...keys) {
      const hit = find(normPath, keys);
      if (!hit) return [];
      if (Array.isArray(hit.value)) return hit.value.filter((x) => typeof x === 'string').map((x) => x as string);
      const t = asText(hit.value);
      if (t === null) return [];
      report.push({ field: `${prefix}.${hit.key}`, kind: 'list', note: 'single text read as a one-item list' });
      return [t];
    },
    days(normPath, dayKeys, unitKeys) {
      const n = reader.num(normPath, ...dayKeys);
      const unitRaw = unitKeys.length ? reader.text(`${normPath}Unit`, ...unitKeys) : null;
      if (n === null) return null;
      if (n < 0) {
        sentinel = true;
        report.push({ field: fieldSources[normPath] ?? `${prefix}.${dayKeys[0]}`, kind: 'sentinel', note: '-1 days read as "no fixed deadline"' });
        return null;
      }
      const unit = normaliseDayUnit(unitRaw);
      if (unitRaw && unit === 'business' && !/^business/i.test(unitRaw)) {
        report.push({ field: `${prefix}.${unitKeys[0]}`, kind: 'unit', note: `"${unitRaw}" read as business days` });
      }
      return { days: n, unit, rawUnit: unitRaw };
    },
    sawSentinel: () => sentinel,
    unreadKeys: () => Object.keys(block).filter((k) => !read.has(k) && block[k] !== null && block[k] !== undefined),
    raw(key) {
      read.add(key);
      return block[key];
    },
    extras() {
      return reader.unreadKeys().map((k) => {
        const v = block[k];
        read.add(k);
        const value: ExtraField['value'] =
          typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null
            ? v
            : Array.isArray(v)
              ? v.filter((x) => typeof x === 'string').map((x) => x as string)
              : JSON.stringify(v);
        return { field: `${prefix}.${k}`, value };
      });
    },
  };
  return reader;
}
