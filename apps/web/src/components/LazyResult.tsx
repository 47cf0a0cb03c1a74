import { lazy, Suspense, type ComponentProps } from 'react';
import type { Result } from 'antd';

const AntResult = lazy(() => import('antd/es/result'));

/**
 * antd's Result, downloaded when a page shows one (with its pictures it is about 10 KB gzip): the
 * pages that show it only for a record that is missing or out of the user's reach, or after a form
 * is sent, do not download it on opening (docs/decisions/0031).
 */
export function LazyResult(props: ComponentProps<typeof Result>) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
