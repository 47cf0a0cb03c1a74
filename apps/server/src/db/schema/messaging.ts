/** Tables of real-time notices and messaging. */
export {};
