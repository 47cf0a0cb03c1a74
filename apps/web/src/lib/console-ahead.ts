/**
 * Fetching the console's layout ahead of need: the shell says how (app/router.tsx, which owns the
 * layout's lazy chunk) and the sign-in page asks for it when the browser is idle, so a feature
 * never imports the shell itself (docs/decisions/0048).
 */
let loadConsole: () => Promise<unknown> = () => Promise.resolve();

export function setConsoleLoader(load: () => Promise<unknown>): void {
  loadConsole = load;
}

export function fetchConsoleAhead(): void {
  void loadConsole().catch(() => undefined);
}
