/**
 * The OAuth2 scope of every area of the API. Routes name one of these; the OpenAPI
 * document and the token tool read the same table.
 */
export const SCOPES = {
  'read:transparency': 'Read the transparency law database, legal search and documents',
  'read:foia': "Read the caller's own FOIA requests",
  'write:foia': "Create and change the caller's own FOIA requests",
  'chat:assistant': 'Use the AI legal research assistant',
  'compile:documents': 'Compile documents (request letters, research reports)',
  'read:storage': "Read the caller's stored objects",
  'write:storage': "Store and delete the caller's objects",
  'execute:workflows': 'Start and follow integration workflows (machine clients)',
  'read:vectors': 'Query the vector store API',
  'write:vectors': 'Write to the vector store API',
  'admin:vectors': 'See every collection of the vector store and the law index; rebuild the law index',
  'read:projects': "Read the caller's projects",
  'write:projects': "Create and change the caller's projects",
  'read:database': 'Read-only access to published database views',
  'admin:database': 'Run read-only SQL over the published views; see migrations and ingestion runs',
  'admin:metrics': 'Read service metrics',
} as const;

export type Scope = keyof typeof SCOPES;

export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

/** What a machine client may ask for unless configured otherwise: everything but the administrators' scopes. */
export const DEFAULT_CLIENT_SCOPES: Scope[] = ALL_SCOPES.filter((s) => !s.startsWith('admin:'));

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}

/** Splits the `scope` claim (space-separated) into a list; anything else yields none. */
export function parseScopeClaim(claim: unknown): string[] {
  if (typeof claim !== 'string') return [];
  return claim.split(' ').filter((s) => s.length > 0);
}
