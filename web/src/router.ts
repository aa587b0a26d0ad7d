/**
 * Hash routes (`#/laws/texas?section=…`): the console is one page served at `/`, so every
 * route works on reload and as a link without server configuration.
 */
import { useEffect, useState } from 'preact/hooks';

export interface Route {
  /** Path segments after `#/` ("laws", "texas"). */
  parts: string[];
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path = '', query = ''] = raw.split('?');
  return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(query) };
}

export function href(parts: readonly string[], query?: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') q.set(k, v);
  const qs = q.toString();
  return `#/${parts.map(encodeURIComponent).join('/')}${qs ? `?${qs}` : ''}`;
}

export function navigate(parts: readonly string[], query?: Record<string, string | undefined>, replace = false): void {
  const target = href(parts, query);
  if (replace) history.replaceState(null, '', target);
  else location.hash = target;
  if (replace) window.dispatchEvent(new HashChangeEvent('hashchange'));
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
