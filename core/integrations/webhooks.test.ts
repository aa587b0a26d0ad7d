import { describe, expect, it } from 'vitest';
import { attemptsWithin, delayBefore } from './webhook-delivery-job.js';
import { clientWebhookSecret, signWebhook, verifyWebhook } from './webhook-signature.js';
import { isPrivateAddress, webhookUrlProblem } from './webhook-url.js';

describe('webhook signatures', () => {
  const secret = clientWebhookSecret('signing-key-for-tests', 'client-a');
  const body = '{"id":"r1","status":"completed"}';
  const now = 1_800_000_000;

  it('gives each client its own secret, stable for a signing key', () => {
    expect(secret).toBe(clientWebhookSecret('signing-key-for-tests', 'client-a'));
    expect(secret).not.toBe(clientWebhookSecret('signing-key-for-tests', 'client-b'));
    expect(secret).not.toBe(clientWebhookSecret('another-key', 'client-a'));
  });

  it('verifies its own signature, and refuses a changed body, another secret, an old timestamp or a malformed header', () => {
    const header = signWebhook(secret, body, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(secret, header, body, { now })).toBe(true);
    expect(verifyWebhook(secret, header, body.replace('completed', 'failed'), { now })).toBe(false);
    expect(verifyWebhook(clientWebhookSecret('signing-key-for-tests', 'client-b'), header, body, { now })).toBe(false);
    expect(verifyWebhook(secret, header, body, { now: now + 301 })).toBe(false);
    expect(verifyWebhook(secret, header, body, { now: now + 301, toleranceSeconds: 600 })).toBe(true);
    for (const bad of [undefined, '', 'v1=abc', `t=${now}`, `t=x,v1=${'0'.repeat(64)}`]) expect(verifyWebhook(secret, bad, body, { now })).toBe(false);
  });
});

describe('webhook URLs', () => {
  it('knows private, loopback, link-local and reserved addresses from public ones', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses other schemes, credentials and private hosts unless allowed', async () => {
    const resolve = async (host: string) => (host === 'internal.example' ? ['10.0.0.5'] : ['93.184.216.34']);
    expect(await webhookUrlProblem('https://hooks.example.org/x', { allowPrivate: false, resolve })).toBeNull();
    expect(await webhookUrlProblem('ftp://hooks.example.org/x', { allowPrivate: false, resolve })).toMatch(/http/);
    expect(await webhookUrlProblem('https://user:pw@hooks.example.org/x', { allowPrivate: false, resolve })).toMatch(/credentials/);
    expect(await webhookUrlProblem('https://internal.example/x', { allowPrivate: false, resolve })).toMatch(/private/);
    expect(await webhookUrlProblem('http://127.0.0.1:8080/x', { allowPrivate: false, resolve })).toMatch(/private/);
    expect(await webhookUrlProblem('http://[::1]:8080/x', { allowPrivate: false, resolve })).toMatch(/private/);
    expect(await webhookUrlProblem('http://127.0.0.1:8080/x', { allowPrivate: true, resolve })).toBeNull();
    expect(await webhookUrlProblem('not a url', { allowPrivate: true, resolve })).toBe('Not a URL');
  });
});

describe('webhook retries', () => {
  const policy = { baseMs: 30_000, capMs: 3_600_000, forMs: 86_400_000 };
  it('waits exponentially longer, up to the cap, with jitter in [half, whole)', () => {
    expect(delayBefore(1, policy, 0)).toBe(15_000);
    expect(delayBefore(1, policy, 0.999)).toBeLessThan(30_000);
    expect(delayBefore(3, policy, 0)).toBe(60_000);
    expect(delayBefore(20, policy, 0)).toBe(1_800_000);
    expect(delayBefore(20, policy, 0.999)).toBeLessThanOrEqual(3_600_000);
  });
  it('keeps trying for about a day', () => {
    const attempts = attemptsWithin(policy);
    let total = 0;
    for (let n = 1; n < attempts; n++) total += delayBefore(n, policy, 1);
    expect(total).toBeLessThanOrEqual(policy.forMs);
    expect(total + delayBefore(attempts, policy, 1)).toBeGreaterThan(policy.forMs);
    expect(attempts).toBeGreaterThan(20);
  });
});
