import { ValidationError, type FieldIssue } from '../errors/app-error.js';

/** One query parameter whose values must be among those the database holds. */
export interface KnownValuesCheck {
  /** The parameter, as clients name it (`jurisdiction`, `category`). */
  param: string;
  values: readonly string[] | undefined;
  known: readonly string[];
}

/**
 * Rejects values the database does not hold, naming each and the accepted ones: a filter on
 * a misspelt slug would otherwise answer an empty list that looks like "no such records".
 */
export function assertKnownValues(checks: KnownValuesCheck[]): void {
  const issues: FieldIssue[] = [];
  for (const { param, values, known } of checks) {
    const allowed = new Set(known);
    const unknown = (values ?? []).filter((v) => !allowed.has(v));
    if (unknown.length > 0) {
      issues.push({
        path: `query.${param}`,
        message: `Unknown ${param} ${unknown.map((u) => `"${u}"`).join(', ')}; expected one of: ${known.join(', ')}`,
      });
    }
  }
  if (issues.length > 0) throw new ValidationError('Request validation failed', issues);
}
