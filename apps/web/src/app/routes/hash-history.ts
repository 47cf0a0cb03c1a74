import { UNSAFE_createHashHistory as createHashHistory } from 'react-router';

/**
 * The router's history. React Router's own history takes one listener (the router's); the tag
 * bar follows the location too (router-location.ts), so the listeners are shared out here. The
 * declarative router is used rather than React Router's data router (`createHashRouter`): the
 * portal uses none of its loaders, actions or fetchers (docs/decisions/0031).
 */
export function sharedHashHistory() {
  const history = createHashHistory({ v5Compat: true });
  const listeners = new Set<Parameters<typeof history.listen>[0]>();
  // The history works its location out of the address on each read; readers here get the same
  // object until the next navigation (the tag bar's store compares snapshots by identity).
  let location = history.location;
  history.listen((update) => {
    location = update.location;
    listeners.forEach((listener) => listener(update));
  });
  const shared: typeof history = {
    get action() {
      return history.action;
    },
    get location() {
      return location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    push: (to, state) => history.push(to, state),
    replace: (to, state) => history.replace(to, state),
    go: (delta) => history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return shared;
}
