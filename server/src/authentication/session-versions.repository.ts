// The one read every bearer-authenticated request may need: a user's current session version
// (docs/decisions/084). A prepared statement: built once, parsed once per connection.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export function createSessionVersionsRepository(db: Database) {
  const byId = db
    .select({ version: t.users.sessionVersion })
    .from(t.users)
    .where(eq(t.users.id, sql.placeholder('id')))
    .prepare('session_version_of_user');
  return {
    /** Null when there is no such user. */
    async versionOf(userId: string): Promise<number | null> {
      const [row] = await byId.execute({ id: userId });
      return row ? row.version : null;
    },
  };
}
