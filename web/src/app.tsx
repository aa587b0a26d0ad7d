import type { ComponentType } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { SunlightClient } from '../../sdk/typescript/src/index.js';
import type { Auth, Session } from './auth/oauth.js';
import { DocumentPanel } from './components/document-panel.js';
import { useUnreadCount } from './components/unread-notifications.js';
import { ErrorNotice, Loading, PageHeader } from './components/status.js';
import { Console } from './context.js';
import { PAGES, type PageEntry, type PageProps } from './pages.js';
import { href, useRoute } from './router.js';

const loaded = new Map<string, ComponentType<PageProps>>();

function usePage(entry: PageEntry | undefined): { page?: ComponentType<PageProps>; error?: string } {
  const [, setTick] = useState(0);
  const [error, setError] = useState<string>();
  const page = entry ? loaded.get(entry.path) : undefined;
  useEffect(() => {
    setError(undefined);
    if (!entry?.load || loaded.has(entry.path)) return;
    entry.load().then(
      (c) => {
        loaded.set(entry.path, c);
        setTick((n) => n + 1);
      },
      () => setError('This page could not be loaded. Check your connection and reload.'),
    );
  }, [entry]);
  return { page, error };
}

function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p>
        There is no page at this address. <a href="#/map">Go to the map</a>.
      </p>
    </>
  );
}

/** The signed-in console: navigation, the page of the route, and the document panel. */
export function App({ client, auth, session }: { client: SunlightClient; auth: Auth; session: Session }) {
  const route = useRoute();
  const entry = PAGES.find((p) => p.path === (route.parts[0] ?? 'map'));
  const { page: Page, error } = usePage(entry);
  const [doc, setDoc] = useState<{ id: string; quote?: string | undefined } | null>(null);
  const openDocument = useCallback((id: string, quote?: string) => setDoc({ id, quote }), []);
  const closeDocument = useCallback(() => setDoc(null), []);
  const unread = useUnreadCount(session.scopes.includes('read:foia') ? client : null);
  const settings = PAGES.find((p) => p.account);

  return (
    <Console.Provider value={{ client, auth, session, openDocument }}>
      <a class="skip-link" href="#main" onClick={(e) => (e.preventDefault(), document.getElementById('main')?.focus())}>
        Skip to content
      </a>
      <header class="top-bar">
        <a class="brand" href="#/map">
          Sunlight
        </a>
        <nav aria-label="Main">
          <ul>
            {PAGES.filter((p) => !p.account).map((p) => (
              <li key={p.path}>
                <a href={href([p.path])} aria-current={entry?.path === p.path ? 'page' : undefined}>
                  {p.label}
                  {p.path === 'notifications' && unread !== null && unread > 0 && (
                    <span class="nav-count">
                      <span class="visually-hidden"> </span>
                      {unread}
                      <span class="visually-hidden"> unread</span>
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="account">
          <span class="who">Signed in as {session.subject}</span>
          {settings && (
            <a class="account-link" href={href([settings.path])} aria-current={entry?.path === settings.path ? 'page' : undefined}>
              {settings.label}
            </a>
          )}
          <button type="button" onClick={() => void auth.signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <div class={doc ? 'layout with-panel' : 'layout'}>
        <main id="main" tabIndex={-1}>
          {!entry && <NotFoundPage />}
          {entry?.scope && !session.scopes.includes(entry.scope) && (
            <ErrorNotice message={`Your account may not use ${entry.label.toLowerCase()} (it needs the "${entry.scope}" permission).`} />
          )}
          {entry && error && <ErrorNotice message={error} />}
          {entry && !error && !Page && <Loading />}
          {entry && Page && (!entry.scope || session.scopes.includes(entry.scope)) && <Page route={route} />}
        </main>
        {doc && <DocumentPanel id={doc.id} quote={doc.quote} onClose={closeDocument} onOpen={(id) => setDoc({ id })} />}
      </div>
    </Console.Provider>
  );
}
