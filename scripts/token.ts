import { parseArgs } from 'node:util';
import { DevIdentityProvider } from '../core/idp/dev-identity-provider.js';
import { loadCliConfig, refuseInProduction } from './cli-config.js';

/**
 * `npm run token -- --sub <id> --scope "<scopes>" [--ttl <seconds>]`: prints one access
 * token signed by the local development identity provider's key (the last line of stdout).
 * A negative ttl yields an already-expired token.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    args: joinNegativeValues(process.argv.slice(2)),
    options: {
      sub: { type: 'string' },
      scope: { type: 'string', default: '' },
      ttl: { type: 'string', default: '3600' },
      audience: { type: 'string' },
    },
    strict: true,
  });
  if (!values.sub) {
    console.error('usage: npm run token -- --sub <id> --scope "<space-separated scopes>" [--ttl <seconds>]');
    process.exit(2);
  }
  const ttl = Number(values.ttl);
  if (!Number.isInteger(ttl)) {
    console.error('--ttl must be a whole number of seconds (negative for an expired token)');
    process.exit(2);
  }
  const config = loadCliConfig();
  refuseInProduction(config, 'The token tool');
  const idp = await DevIdentityProvider.create({
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    clients: config.devIdp.clients,
    keyFile: config.devIdp.keyFile,
  });
  const token = await idp.issueToken({ sub: values.sub, scope: values.scope, ttlSeconds: ttl, audience: values.audience });
  process.stdout.write(`${token}\n`);
}

/** `--ttl -60` must mean a ttl of -60: node's parser would read -60 as an option. */
function joinNegativeValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (argv[i]!.startsWith('--') && !argv[i]!.includes('=') && next !== undefined && /^-\d+$/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i++;
    } else out.push(argv[i]!);
  }
  return out;
}

main().catch((err: unknown) => {
  console.error('token: failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
