// The list of every declared endpoint, for the server's router and the OpenAPI document.
import * as auth from './authentication';
import * as reference from './reference';
import type { Endpoint } from './contract';

const isEndpoint = (x: unknown): x is Endpoint =>
  typeof x === 'object' && x !== null && 'service' in x && 'method' in x && 'path' in x;

export const ALL_ENDPOINTS: readonly Endpoint[] = [...Object.values(auth), ...Object.values(reference)].filter(isEndpoint);
