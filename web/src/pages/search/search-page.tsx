import { PageHeader } from '../../components/status.js';
import type { PageProps } from '../../pages.js';

export function SearchPage(_props: PageProps) {
  return <PageHeader title="Search" />;
}
