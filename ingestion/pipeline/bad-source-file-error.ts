/**
 * A source file that cannot be read as what it claims to be. Permanent: retrying will not
 * help, so the jurisdiction fails with this message while the others go on.
 */
export class BadSourceFileError extends Error {
  constructor(
    readonly sourcePath: string,
    readonly reason: string,
  ) {
    super(`${sourcePath}: ${reason}`);
    this.name = 'BadSourceFileError';
  }
}
