/**
 * Data as written — names of people, hospitals and drugs, places, titles of articles and cards —
 * stays in its own language whatever the screen's language; an element showing it carries
 * `translate="no"` (the HTML attribute: browsers' page translation leaves it alone too), and the
 * English page check (e2e/english.spec.ts) reads every other visible text as interface words that
 * must be in the screen's language (docs/decisions/0054).
 */
export const DATA = { translate: 'no' } as const;

/** For an antd table column whose cells show data as written: `{ title, dataIndex, ...dataCells }`. */
export const dataCells = { onCell: () => DATA };
