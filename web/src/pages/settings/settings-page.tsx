/**
 * `#/settings`: the person's profile (who signs their letters, where agencies reply, how
 * Sunlight tells them things) and their calendar feed of due dates.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Profile } from '../../../../sdk/typescript/src/index.js';
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { CalendarFeed } from './calendar-feed.js';
import { ProfileForm } from './profile-form.js';
import './settings.css';

export function SettingsPage(_: PageProps) {
  const { client } = useConsole();
  const loaded = useAsync((signal) => client.me.profile.get({ signal }), []);
  const [profile, setProfile] = useState<Profile | null>(null);
  useEffect(() => {
    if (loaded.status === 'ready') setProfile(loaded.value);
  }, [loaded.status === 'ready' ? loaded.value : null]);

  return (
    <div class="settings-page">
      <PageHeader title="Settings" />
      {loaded.status === 'loading' && !profile && <Loading label="Loading your profile…" />}
      {loaded.status === 'error' && !profile && <ErrorNotice message={loaded.message} retry={loaded.reload} />}
      {profile && (
        <div class="settings-columns">
          <div class="settings-card">
            <ProfileForm profile={profile} onSaved={setProfile} />
          </div>
          <CalendarFeed issuedAt={profile.calendar_feed_token_created_at} onChange={(at) => setProfile((p) => (p ? { ...p, calendar_feed_token_created_at: at } : p))} />
        </div>
      )}
    </div>
  );
}
