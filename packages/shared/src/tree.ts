/** Tree items: parentId empty or the text 'undefined' means root (spec 001 section 3). */
export function isRootParent(parentId: unknown): boolean {
  return parentId === null || parentId === undefined || parentId === '' || parentId === 'undefined' || parentId === 0;
}

/** Builds a tree from flat items, children sorted by `sort` then id. Orphans become roots. */
export function buildTree<T extends { id: number | string; parentId: unknown; sort?: number }>(
  items: readonly T[],
): (T & { children: (T & { children: unknown[] })[] })[] {
  type Node = T & { children: Node[] };
  const nodes = new Map<T['id'], Node>();
  for (const item of items) nodes.set(item.id, { ...item, children: [] });
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = isRootParent(node.parentId) ? undefined : nodes.get(node.parentId as T['id']);
    (parent ? parent.children : roots).push(node);
  }
  const order = (a: Node, b: Node) => (a.sort ?? 0) - (b.sort ?? 0) || String(a.id).localeCompare(String(b.id));
  const sortDeep = (list: Node[]) => {
    list.sort(order);
    for (const n of list) sortDeep(n.children);
  };
  sortDeep(roots);
  return roots;
}
