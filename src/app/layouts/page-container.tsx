import type { ReactNode } from 'react';
import { Container } from '@mantine/core';

/** The page's column under the header (size lg): its edges line up with the header's row. */
export const PAGE_CONTAINER = { size: 'lg', py: { base: 'lg', sm: 'xl' }, px: { base: 'md', sm: 'lg' } } as const;

/** The page's column, for a page with no router (the first paint's frame). */
export function PageContainer({ children }: { children: ReactNode }) {
  return <Container {...PAGE_CONTAINER}>{children}</Container>;
}
