/**
 * The caller's webhook signing secret (`GET /api/integrations/webhook-secret`), hidden until
 * "Show secret", with a button that copies it; and how a delivery is signed, as the API says.
 */
import { useState } from 'preact/hooks';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading } from '../../components/status.js';
import { useConsole } from '../../context.js';

export function WebhookSecretPanel() {
  const { client } = useConsole();
  const secret = useAsync((signal) => client.integrations.webhookSecret({ signal }), []);
  const [shown, setShown] = useState(false);
  const [said, setSaid] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const copy = (value: string) => {
    setSaid(null);
    const done = () => setSaid({ kind: 'ok', text: 'The secret was copied to the clipboard.' });
    const failed = () => {
      setShown(true);
      setSaid({ kind: 'error', text: 'The secret could not be copied here: it is shown above, to select and copy.' });
    };
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(value).then(done, failed);
  };

  return (
    <section aria-labelledby="integ-secret-heading" class="integ-panel">
      <h2 id="integ-secret-heading">Webhook signing</h2>
      {secret.status === 'loading' && <Loading label="Loading your webhook secret…" />}
      {secret.status === 'error' && <ErrorNotice message={`Your webhook secret could not be read: ${secret.message}`} retry={secret.reload} />}
      {secret.status === 'ready' && (
        <>
          <p class="integ-secret-line">
            <span id="integ-secret-label" class="integ-secret-label">
              Your signing secret
            </span>{' '}
            <code class="integ-secret" id="integ-secret">
              {shown ? (
                secret.value.secret
              ) : (
                <>
                  <span aria-hidden="true">••••••••••••••••</span>
                  <span class="visually-hidden">(hidden)</span>
                </>
              )}
            </code>
          </p>
          <p class="integ-secret-actions">
            <button type="button" aria-controls="integ-secret" onClick={() => setShown((s) => !s)}>
              {shown ? 'Hide secret' : 'Show secret'}
            </button>{' '}
            <button type="button" onClick={() => copy(secret.value.secret)}>
              Copy secret
            </button>
          </p>
          <p role="status" class={said?.kind === 'error' ? 'integ-message integ-message-error' : 'integ-message'}>
            {said?.text ?? ''}
          </p>
          <h3>How deliveries are signed</h3>
          <ul class="integ-signing">
            <li>
              A run’s webhook receives a <code>POST</code> of JSON: <code>{'{ id, type, status, result_links, error, occurred_at }'}</code>.
            </li>
            <li>
              Its <code>{secret.value.header}</code> header reads <code>t=&lt;unix seconds&gt;,v1=&lt;signature&gt;</code>.
            </li>
            <li>
              The signature is {secret.value.algorithm} of <code>{secret.value.signed_payload}</code>, keyed with this secret: compute it again and compare.
            </li>
            <li>Refuse a delivery whose time is more than {secret.value.tolerance_seconds} seconds from now (it may be replayed).</li>
            <li>
              The SDKs check a delivery for you: <code>verifyWebhookSignature</code> (TypeScript), <code>verify_webhook_signature</code> (Python).
            </li>
          </ul>
          <p class="integ-hint">Keep the secret on your server only: whoever has it can sign events as Sunlight.</p>
        </>
      )}
    </section>
  );
}
