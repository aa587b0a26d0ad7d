import type { TransparencyService } from '../../../core/transparency/transparency-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { registerCompareRoutes } from './compare-routes.js';
import { registerExemptionRoutes } from './exemption-routes.js';
import { registerJurisdictionRoutes } from './jurisdiction-routes.js';
import { registerRightRoutes } from './right-routes.js';
import { registerSectionRoutes } from './section-routes.js';

/** Every route of the transparency law database (`read:transparency`). */
export function registerTransparencyRoutes(routes: RouteRegistry, deps: { transparency: TransparencyService }): void {
  registerJurisdictionRoutes(routes, deps);
  registerRightRoutes(routes, deps);
  registerExemptionRoutes(routes, deps);
  registerSectionRoutes(routes, deps);
  registerCompareRoutes(routes, deps);
}
