import { PageHeader } from '../../components/status.js';
import type { PageProps } from '../../pages.js';

export function LawsPage(_props: PageProps) {
  return <PageHeader title="Law browser" />;
}
