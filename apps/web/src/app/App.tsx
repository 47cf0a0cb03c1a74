import { setSessionExpiredHandler } from '@/lib/http';
import { isPublicPath, loginPathFor } from '@/lib/paths';
import { tagsStore } from '@/lib/tabs/tags-store';
import { AppProviders } from './providers';
import { AppRouter, router } from './router';

// A refused refresh ends the session (spec 001 section 4): the tabs close and the user signs in again.
setSessionExpiredHandler(() => {
  tagsStore.reset();
  const { pathname, search } = router.state.location;
  if (!isPublicPath(pathname)) router.navigate(loginPathFor(pathname + search), { replace: true });
});

export function App() {
  return (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  );
}
