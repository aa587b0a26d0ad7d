import type { Logger } from '../../core/logger/logger.js';
import type { Principal } from '../../core/auth/token-verifier.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      requestId: string;
      log: Logger;
      startedAt: number;
      /** Route template of the matched route, e.g. `/api/foia/requests/{id}`. */
      routeTemplate?: string;
      principal?: Principal;
    }
  }
}

export {};
