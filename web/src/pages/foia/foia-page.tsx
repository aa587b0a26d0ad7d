import { PageHeader } from '../../components/status.js';
import type { PageProps } from '../../pages.js';

export function FoiaPage(_props: PageProps) {
  return <PageHeader title="FOIA tracker" />;
}
