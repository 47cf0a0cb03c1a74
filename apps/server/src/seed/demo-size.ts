/**
 * The size of the demo (light on purpose: the configuration reads it at start, before the rest of
 * the server loads).
 */

/** The demo slice of the national dataset (docs/decisions/0017): built into the demo snapshot. */
export const DEMO_DATASET = { hospitals: 2000, doctors: 20_000, seed: 14 } as const;

/**
 * The most doctors DEMO_DOCTORS may ask for: the national dataset's size (docs/decisions/0017).
 * A demo past the default's 20,000 adds the dataset's next doctors on the demo's hospitals
 * (seed/customers.ts, seedMoreDoctors; docs/decisions/0022).
 */
export const DEMO_DOCTORS_MAX = 1_000_000;
