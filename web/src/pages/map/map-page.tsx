import { PageHeader } from '../../components/status.js';
import type { PageProps } from '../../pages.js';

export function MapPage(_props: PageProps) {
  return <PageHeader title="Map and compare" />;
}
