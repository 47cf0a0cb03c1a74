import { useCallback, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { setSessionExpiredHandler } from '@/lib/http';
import { forgetUserData, queryClient } from '@/lib/query-client';
import { clearLocalSession, hasAccessToken, hasRefreshToken } from '@/lib/session/local-session';
import { FeedScreen } from './FeedScreen';
import { MobileLogin } from './MobileLogin';
import './mobile.css';

/** The employee's phone page at /m/: sign-in when there is no session, else the card feed. */
function MobileRoot() {
  const [signedIn, setSignedIn] = useState(() => hasAccessToken() || hasRefreshToken());
  const signedOut = useCallback(() => {
    clearLocalSession();
    forgetUserData();
    setSignedIn(false);
  }, []);
  // The token refresh failed: the session is over, back to sign-in.
  useEffect(() => setSessionExpiredHandler(signedOut), [signedOut]);
  return signedIn ? <FeedScreen onSignedOut={signedOut} /> : <MobileLogin onSignedIn={() => setSignedIn(true)} />;
}

/** No antd here (its provider, theme and desktop components): plain elements and lib/toast (docs/decisions/0016). */
export function MobileApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <MobileRoot />
    </QueryClientProvider>
  );
}
