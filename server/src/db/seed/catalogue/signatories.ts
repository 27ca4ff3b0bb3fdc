// Demo certificate signatories for each partner. (Being built: issue 4.)
import type { Tx } from './catalogue';

export async function seedSignatories(_tx: Tx): Promise<void> {}
