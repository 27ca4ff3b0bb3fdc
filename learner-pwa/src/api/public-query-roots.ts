/**
 * Query-key roots of public data: the same for every visitor, so it is safe to keep on a shared
 * phone. The catalogue is saved for offline use under these roots, and a sign-out keeps them.
 */
export const PUBLIC_QUERY_ROOTS: readonly string[] = ['courses', 'institutions', 'reference'];
