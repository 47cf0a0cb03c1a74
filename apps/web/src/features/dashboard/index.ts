/** The public face of the dashboard: all another area may import of it (docs/decisions/0048). */
// Nothing yet: its page is reached through the router only.
export {};
