import { atom } from 'jotai';

/**
 * Spec: a `data` query parameter on the catalogue is parsed as JSON and kept in application state
 * (it is how other products hand a learner over); the address is then cleaned.
 */
export const catalogueHandoverAtom = atom<unknown>(null);
