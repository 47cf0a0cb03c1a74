import { useEffect, useState, type ReactNode } from 'react';
import { Spin } from 'antd';

/** A loading indicator that shows only once loading has taken over 300 ms (spec: loading states over 300 ms). */
export function Loading({ loading, children }: { loading: boolean; children?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), 300);
    return () => clearTimeout(timer);
  }, [loading]);
  return (
    <Spin spinning={loading && shown} data-testid={loading && shown ? 'market-loading' : undefined}>
      {children}
    </Spin>
  );
}
