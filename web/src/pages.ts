/**
 * The console's pages: each is its own chunk, loaded when first opened, so the first load
 * carries only the shell and the page asked for.
 */
import type { ComponentType } from 'preact';
import type { Route } from './router.js';

export interface PageProps {
  route: Route;
}

export interface PageEntry {
  /** First path segment (`#/map`). */
  path: string;
  label: string;
  /** The scope the page needs (shown when the account lacks it). */
  scope?: string;
  /** Shown beside the account (sign-out) rather than in the main navigation. */
  account?: boolean;
  load: () => Promise<ComponentType<PageProps>>;
}

export const PAGES: readonly PageEntry[] = [
  { path: 'map', label: 'Map & compare', scope: 'read:transparency', load: () => import('./pages/map/map-page.js').then((m) => m.MapPage) },
  { path: 'laws', label: 'Law browser', scope: 'read:transparency', load: () => import('./pages/laws/laws-page.js').then((m) => m.LawsPage) },
  { path: 'search', label: 'Search', scope: 'read:transparency', load: () => import('./pages/search/search-page.js').then((m) => m.SearchPage) },
  { path: 'assistant', label: 'Research assistant', scope: 'chat:assistant', load: () => import('./pages/assistant/assistant-page.js').then((m) => m.AssistantPage) },
  { path: 'foia', label: 'FOIA tracker', scope: 'read:foia', load: () => import('./pages/foia/foia-page.js').then((m) => m.FoiaPage) },
  { path: 'notifications', label: 'Notifications', scope: 'read:foia', load: () => import('./pages/notifications/notifications-page.js').then((m) => m.NotificationsPage) },
  { path: 'packets', label: 'Packets', scope: 'compile:documents', load: () => import('./pages/packets/packets-page.js').then((m) => m.PacketsPage) },
  { path: 'files', label: 'Files', scope: 'read:storage', load: () => import('./pages/files/files-page.js').then((m) => m.FilesPage) },
  { path: 'projects', label: 'Projects', scope: 'read:projects', load: () => import('./pages/projects/projects-page.js').then((m) => m.ProjectsPage) },
  { path: 'collections', label: 'Collections', scope: 'read:vectors', load: () => import('./pages/collections/collections-page.js').then((m) => m.CollectionsPage) },
  { path: 'database', label: 'Database', scope: 'read:database', load: () => import('./pages/database/database-page.js').then((m) => m.DatabasePage) },
  { path: 'integrations', label: 'Integrations', scope: 'execute:workflows', load: () => import('./pages/integrations/integrations-page.js').then((m) => m.IntegrationsPage) },
  { path: 'settings', label: 'Settings', scope: 'read:foia', account: true, load: () => import('./pages/settings/settings-page.js').then((m) => m.SettingsPage) },
];
