import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SunlightClient } from '../../sdk/typescript/src/index.js';
import type { Auth, Session } from './auth/oauth.js';

/** What every page may use: the API client, the sign-in state, and the side panel for a cited document. */
export interface ConsoleContext {
  client: SunlightClient;
  auth: Auth;
  session: Session;
  /** Opens a law record (statute section, right, exemption) beside the page, the quote highlighted. */
  openDocument(id: string, quote?: string): void;
}

export const Console = createContext<ConsoleContext | null>(null);

export function useConsole(): ConsoleContext {
  const ctx = useContext(Console);
  if (!ctx) throw new Error('useConsole outside the console');
  return ctx;
}
