import type { FoiaAttachmentService } from '../../../core/foia/attachments/attachment-service.js';
import type { FoiaService } from '../../../core/foia/foia-service.js';
import { registerFoiaAttachmentRoutes } from './foia-attachment-routes.js';
import type { AgencyService } from '../../../core/foia/agencies/agency-service.js';
import { registerFoiaAgencyRoutes } from './foia-agency-routes.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { registerFoiaLetterRoutes } from './foia-letter-routes.js';
import { registerFoiaPreviewRoutes } from './foia-preview-routes.js';
import { registerFoiaReminderRoutes } from './foia-reminder-routes.js';
import { registerFoiaRequestRoutes } from './foia-request-routes.js';

/** Every route of the FOIA dashboard (`/api/foia/requests`, `/api/foia/reminders`). */
export function registerFoiaRoutes(routes: RouteRegistry, deps: { foia: FoiaService; attachments: FoiaAttachmentService; agencies: AgencyService; limits: { maxBytes: number; allowedTypes: readonly string[] } }): void {
  registerFoiaRequestRoutes(routes, deps);
  registerFoiaPreviewRoutes(routes, deps);
  registerFoiaLetterRoutes(routes, deps);
  registerFoiaReminderRoutes(routes, deps);
  registerFoiaAttachmentRoutes(routes, deps);
  registerFoiaAgencyRoutes(routes, deps);
}
