/** The console's pages built as chunks of their own (web/src/pages/<path>/<path>-page.tsx). */
export const PAGE_PATHS = ['map', 'laws', 'search', 'assistant', 'foia', 'packets', 'files', 'integrations', 'notifications', 'settings', 'projects', 'collections', 'database'] as const;
