import { DevIdentityProvider } from '../core/idp/dev-identity-provider.js';
import { createLogger } from '../core/logger/logger.js';
import { loadCliConfig, refuseInProduction } from './cli-config.js';

/**
 * The development identity provider as a process of its own (docker-compose's `idp`
 * service; `make start` runs it inside the launcher instead).
 */
async function main(): Promise<void> {
  const config = loadCliConfig();
  refuseInProduction(config, 'The development identity provider');
  const logger = createLogger({ level: config.log.level, format: config.log.format, name: 'sunlight-dev-idp' });
  const idp = await DevIdentityProvider.create({
    issuer: config.auth.issuer,
    audience: config.auth.audience,
    clients: config.devIdp.clients,
    keyFile: config.devIdp.keyFile,
    users: config.devIdp.users,
    publicClients: config.devIdp.publicClients,
    redirectOrigins: config.devIdp.redirectOrigins,
    userTokenTtlSeconds: config.devIdp.userTokenTtlSeconds,
    logger,
  });
  await idp.start(config.devIdp.port, config.http.host);
  const stop = () => void idp.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error('dev-idp failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
