/** A message in both of the portal's languages (a leaf: every area's messages name it, and it names nothing). */
export type MessageText = { zh: string; en: string };
