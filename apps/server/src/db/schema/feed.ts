/** Tables of employee card feed. */
export {};
