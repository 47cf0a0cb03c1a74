/** Tables of report screens and the built-in analytics service. */
export {};
