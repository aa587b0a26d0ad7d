import type { FoiaService } from '../../../core/foia/foia-service.js';
import type { RouteRegistry } from '../../http/route-registry.js';
import { letterQuery, requestIdParams } from './foia-route-schemas.js';
import { callerOf } from '../../http/caller.js';

/** The request letter, rendered from the law database. */
export function registerFoiaLetterRoutes(routes: RouteRegistry, deps: { foia: FoiaService }): void {
  routes.add({
    method: 'get',
    path: '/api/foia/requests/:id/letter',
    scope: 'read:foia',
    tags: ['foia'],
    summary: 'The request letter for the jurisdiction (format=text|markdown|pdf)',
    description:
      "Statute name and citation, the officer the law names to receive requests (when it names one), the records sought, the response deadline " +
      '(for the requester class, with its pinpoint citation, or the law’s standard where it sets no number of days), fee-waiver and format ' +
      'language only where the law provides them, and a request for expedited handling when asked for: claimed as a right, with the ' +
      'law’s standard and citation, only where the law provides expedited processing. Signed with the request’s requester fields.',
    params: requestIdParams,
    query: letterQuery,
    success: { status: 200, description: 'The letter as plain text (format=text)', contentType: 'text/plain' },
    alternatives: { 'text/markdown': { description: 'The letter as Markdown (format=markdown)' }, 'application/pdf': { description: 'The letter as a PDF, ready to print or attach (format=pdf)' } },
    responseHeaders: { 'Content-Disposition': 'inline, with a file name for saving the letter' },
    handler: async ({ principal, params, query, res }) => {
      const caller = callerOf(principal);
      const letter = query.format === 'pdf' ? await deps.foia.letterPdf(caller, params.id) : await deps.foia.letter(caller, params.id, query.format);
      res.setHeader('Content-Type', letter.contentType);
      res.setHeader('Content-Disposition', `inline; filename="${letter.filename}"`);
      res.setHeader('Cache-Control', 'private, no-cache');
      res.status(200).send(letter.body);
      return undefined;
    },
  });
}
