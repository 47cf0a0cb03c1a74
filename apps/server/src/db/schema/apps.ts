/** Tables of app management and data management. */
export {};
