/**
 * Every subset of `items`, each in `items`' order, as one shared frozen array: subset `bits` holds
 * items[k] where bit k is set. Readers give a node the list its flags pick (its actions, the optional
 * fields it lacked) rather than a new array each: nothing writes to a read node's lists, and a writer
 * that did would throw rather than change every node that shares it.
 */
export function frozenSubsets<T>(items: readonly T[]): ReadonlyArray<T[]> {
  return Array.from({ length: 1 << items.length }, (_, bits) => Object.freeze(items.filter((_x, k) => bits & (1 << k))) as T[]);
}
