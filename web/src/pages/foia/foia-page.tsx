/**
 * The FOIA tracker: `#/foia` lists the signed-in person's requests (filters and sort in the
 * query; `?view=calendar&month=YYYY-MM` shows their due dates on a month grid), `#/foia/new`
 * writes a new one with a live preview of its legal due date and letter, `#/foia/<id>` shows
 * one request: its deadline and how it was counted, status changes, the letter, the appeal, the
 * correspondence, the history; `#/foia/agencies/<id>` one agency of the directory.
 */
import { PageHeader } from '../../components/status.js';
import type { PageProps } from '../../pages.js';
import { href } from '../../router.js';
import { AgencyDetail } from './foia-agency.js';
import { RequestDetail } from './foia-detail.js';
import { RequestList } from './foia-list.js';
import { NewRequest } from './foia-new.js';

export function FoiaPage({ route }: PageProps) {
  const id = route.parts[1];
  if (!id) return <RequestList query={route.query} />;
  if (id === 'new') return <NewRequest />;
  if (id === 'agencies' && route.parts[2] && UUID.test(route.parts[2])) return <AgencyDetail key={route.parts[2]} id={route.parts[2]} />;
  if (!UUID.test(id)) return <NotARequest />;
  return <RequestDetail key={id} id={id} />;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function NotARequest() {
  return (
    <>
      <PageHeader title="Request not found" />
      <p>
        There is no request at this address. <a href={href(['foia'])}>See all your requests</a>.
      </p>
    </>
  );
}
