/**
 * Entity tags of FOIA requests. They are weak (`W/"<version>"`): the stored request changes
 * only with its version, but its representation also carries `days_until_due` and
 * `overdue`, which change with the date. If-Match therefore compares versions (a weak
 * comparison, RFC 9110 §8.8.3.2), and accepts the tag with or without `W/`.
 */

/** The ETag of a request at `version`. */
export function etagOf(version: number): string {
  return `W/"${version}"`;
}

/**
 * The versions an If-Match header accepts: undefined when there is no header or it is `*`
 * (any current version), else the versions of the listed tags (tags we never issued match
 * nothing, so a PATCH with only those fails with 412).
 */
export function parseIfMatch(header: string | undefined): number[] | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const versions: number[] = [];
  for (const m of header.matchAll(/(?:W\/)?"([^"]*)"/g)) {
    if (/^[1-9]\d{0,9}$/.test(m[1]!)) versions.push(Number(m[1]));
  }
  return versions;
}
