import { lookup } from 'node:dns/promises';
import net from 'node:net';

/** Why a webhook URL may not be used, or null when it may. */
export type WebhookUrlProblem = string | null;

const PRIVATE_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

/** True for loopback, private, link-local, shared, multicast and reserved addresses (v4 and v6). */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const n = v4ToInt(ip);
    return PRIVATE_V4.some(([base, bits]) => (n >>> (32 - bits)) === (v4ToInt(base) >>> (32 - bits)));
  }
  const v6 = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (mapped) return isPrivateAddress(mapped[1]!);
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^ff/.test(v6);
}

/**
 * Checks a webhook URL: http(s), no credentials, and (unless `allowPrivate`) a host that
 * resolves only to public addresses — so a run cannot make the service call into its own
 * network. Checked when the run is started and again before each delivery (the name may
 * resolve elsewhere by then).
 */
export async function webhookUrlProblem(raw: string, options: { allowPrivate: boolean; resolve?: (host: string) => Promise<string[]> }): Promise<WebhookUrlProblem> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Only http and https URLs';
  if (url.username || url.password) return 'No credentials in the URL';
  if (options.allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const resolve = options.resolve ?? (async (h: string) => (await lookup(h, { all: true, verbatim: true })).map((a) => a.address));
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : await resolve(host);
  } catch {
    return `The host ${host} does not resolve`;
  }
  if (addresses.length === 0) return `The host ${host} does not resolve`;
  if (addresses.some(isPrivateAddress)) return 'The URL points at a private or loopback address (WEBHOOK_ALLOW_PRIVATE allows it)';
  return null;
}
