import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { createClient } from './api/client.js';
import { App } from './app.js';
import { Auth, type Session } from './auth/oauth.js';
import { loadConfig } from './config.js';
import './styles.css';

function SignIn({ auth, message }: { auth: Auth; message?: string | undefined }) {
  useEffect(() => {
    document.title = 'Sign in · Sunlight';
  }, []);
  return (
    <main id="main" class="sign-in">
      <h1>Sunlight</h1>
      <p>Public-records law for every state, the statutes behind it, your FOIA requests and their legal deadlines, and a research assistant that cites its sources.</p>
      {message && (
        <p class="notice notice-error" role="alert">
          {message}
        </p>
      )}
      <button type="button" class="primary" onClick={() => void auth.signIn()}>
        Sign in
      </button>
    </main>
  );
}

function Root({ auth, initialMessage }: { auth: Auth; initialMessage?: string | undefined }) {
  const [session, setSession] = useState<Session | null>(auth.session);
  const [message, setMessage] = useState(initialMessage);
  const [client] = useState(() => createClient(auth));
  useEffect(
    () =>
      auth.subscribe((s) => {
        // A session that ends by itself (renewal refused) is said so; one ended by "Sign out" is not.
        if (!s && session) setMessage('You have been signed out.');
        setSession(s);
      }),
    [auth, session],
  );
  if (!session) return <SignIn auth={auth} message={message} />;
  return <App client={client} auth={auth} session={session} />;
}

async function boot(): Promise<void> {
  const root = document.getElementById('app')!;
  try {
    const config = await loadConfig();
    const auth = new Auth(config);
    let message: string | undefined;
    try {
      await auth.completeSignIn();
    } catch (err) {
      message = err instanceof Error ? err.message : 'The sign-in failed.';
    }
    // A session kept from earlier in this tab whose token has expired is renewed now, or ended in words.
    if (auth.session && (await auth.token()) === null) message = 'Your session has ended. Please sign in again.';
    root.replaceChildren();
    render(<Root auth={auth} initialMessage={message} />, root);
  } catch (err) {
    root.textContent = err instanceof Error ? err.message : 'The console could not start.';
  }
}

void boot();
