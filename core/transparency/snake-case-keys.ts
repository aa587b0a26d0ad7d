const toSnake = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * Deep copy of a JSON value with object keys in snake_case. The derived records are stored
 * as camelCase JSON (the ingestion's TypeScript shapes); the API speaks snake_case throughout.
 */
export function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [toSnake(k), snakeCaseKeys(v)]));
}
