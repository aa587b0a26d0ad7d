/**
 * Projects: `#/projects` lists the projects the person owns or is a member of and creates one;
 * `#/projects/<id>` is one project: its items (added from the person's FOIA requests, packets,
 * files, or a saved search that re-runs), and its members (managed by the owner only).
 */
import { useAsync } from '../../components/async.js';
import { ErrorNotice, Loading, PageHeader } from '../../components/status.js';
import { CreateNamedForm } from '../../components/create-named-form.js';
import { useConsole } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { href } from '../../router.js';
import { whenText } from '../files/file-words.js';
import { ProjectView } from './project-view.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ROLE_WORDS: Record<string, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

export function ProjectsPage({ route }: PageProps) {
  const id = route.parts[1];
  if (!id) return <ProjectsHome />;
  if (!UUID.test(id)) {
    return (
      <>
        <PageHeader title="Project not found" />
        <p>
          There is no project at this address. <a href={href(['projects'])}>Your projects</a>.
        </p>
      </>
    );
  }
  return <ProjectView key={id} id={id} />;
}

function ProjectsHome() {
  const { session } = useConsole();
  const canWrite = session.scopes.includes('write:projects');
  return (
    <div class="projects-page">
      <PageHeader title="Projects">
        <p class="projects-lede">Group your FOIA requests, packets, files and saved searches, and share them with colleagues as editors or viewers.</p>
      </PageHeader>
      {canWrite && <CreateProject />}
      <ProjectList />
    </div>
  );
}

function CreateProject() {
  const { client } = useConsole();
  return <CreateNamedForm kind="project" css="projects" maxDescription={4000} create={(values) => client.projects.create(values)} pathOf={(id) => ['projects', id]} />;
}

function ProjectList() {
  const { client } = useConsole();
  const list = useAsync((signal) => client.projects.list({ limit: 100 }, { signal }), []);
  if (list.status === 'loading') return <Loading label="Loading your projects…" />;
  if (list.status === 'error') return <ErrorNotice message={list.message} retry={list.reload} />;
  const { data, total } = list.value;
  return (
    <section class="projects-list" aria-labelledby="projects-list-heading">
      <h2 id="projects-list-heading">Your projects ({total})</h2>
      {data.length === 0 ? (
        <p class="projects-muted">No projects yet. Create one above, or ask a colleague to add you to theirs.</p>
      ) : (
        <div class="projects-table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Project</th>
                <th scope="col">Your role</th>
                <th scope="col">Owner</th>
                <th scope="col">Items</th>
                <th scope="col">Members</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {data.map((p) => (
                <tr key={p.id}>
                  <td>
                    <a href={href(['projects', p.id])}>{p.name}</a>
                    {p.description && <div class="projects-muted">{p.description}</div>}
                  </td>
                  <td>{ROLE_WORDS[p.role]}</td>
                  <td>{p.role === 'owner' ? 'You' : p.owner}</td>
                  <td>{p.item_count}</td>
                  <td>{p.member_count}</td>
                  <td class="projects-nowrap">{whenText(p.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
