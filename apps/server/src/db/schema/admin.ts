/** Tables of system administration. */
export {};
