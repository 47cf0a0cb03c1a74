/** The public face of the app centre and app management: all another area may import of it (docs/decisions/0048). */
// Nothing yet: its pages are reached through the router only.
export {};
