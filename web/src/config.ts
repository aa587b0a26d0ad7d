/** What the API tells the console about where people sign in (`GET /console/config.json`). */
export interface ConsoleConfig {
  client_id: string;
  authorize_url: string;
  token_url: string;
  revoke_url: string | null;
  audience: string;
  scopes: string[];
}

export async function loadConfig(): Promise<ConsoleConfig> {
  const res = await fetch('/console/config.json', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`The console's configuration could not be read (HTTP ${res.status}).`);
  return (await res.json()) as ConsoleConfig;
}
