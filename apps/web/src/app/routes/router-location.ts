import { useSyncExternalStore } from 'react';
import type { Location } from 'react-router';

/** What of the data router the layout needs: its current location, as soon as a navigation starts. */
interface LocationSource {
  readonly state: { readonly location: Location };
  subscribe(listener: () => void): () => void;
}

let source: LocationSource | null = null;
const noSubscription = () => () => {};

/** Called once with the app's router. */
export function trackRouterLocation(router: LocationSource): void {
  source = router;
}

/**
 * The location the router is at now. React Router renders a navigation in a transition, so
 * `useLocation()` keeps the previous location until the new page has rendered (for a page whose
 * code is still loading, that can take a while); a second navigation before then abandons the
 * first render. The tag bar opens a tab for every page the user went to, so it follows the
 * router itself (falling back to the rendered location where no router is tracked, as in tests).
 */
export function useRouterLocation(rendered: Location): Location {
  return useSyncExternalStore(source ? (listener) => source!.subscribe(listener) : noSubscription, () => source?.state.location ?? rendered);
}
