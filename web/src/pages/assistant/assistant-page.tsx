import { PageHeader } from '../../components/status.js';
import type { PageProps } from '../../pages.js';

export function AssistantPage(_props: PageProps) {
  return <PageHeader title="Research assistant" />;
}
