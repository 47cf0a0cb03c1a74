/**
 * Where an article opens. A module of its own: the top bar's broadcast title links there, and
 * importing it from the article list would bring the list's components into the console's layout
 * (docs/decisions/0016).
 */
export const articleDetailPath = (id: number) => `/contentCenter/ccArticleDetail?id=${id}`;
