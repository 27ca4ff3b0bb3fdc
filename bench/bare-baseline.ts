// The floor the server is measured against (issue 18, docs/decisions/062): a bare `node:http` +
// `pg` server answering `GET /api/Course/CourseCategory/List` with the same two statements the
// server's reference repository sends (drizzle's SQL, copied verbatim) and the same JSON envelope.
// No framework, routing, validation, headers, logging or compression: only what any server must do.
//
// Run alone: `DATABASE_URL=postgres://… PORT=4601 node --import tsx bench/bare-baseline.ts`.
import { createServer } from 'node:http';
import pg from 'pg';

const ITEMS_SQL = 'select "id", "name", "code", "is_active" from "course_categories" where "course_categories"."is_active" = $1 order by "course_categories"."name" asc';
const COUNT_SQL = 'select count(*) from "course_categories" where "course_categories"."is_active" = $1';
export const BARE_PATH = '/api/Course/CourseCategory/List';

export function startBareBaseline(databaseUrl: string, port: number, host = '127.0.0.1') {
  // The same pool size as the server's (db/client.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => undefined);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== BARE_PATH) {
      res.writeHead(404).end();
      return;
    }
    const active = url.searchParams.get('IsActive') === 'true';
    const itemsSql = active ? ITEMS_SQL : ITEMS_SQL.replace(' where "course_categories"."is_active" = $1', '');
    const countSql = active ? COUNT_SQL : COUNT_SQL.replace(' where "course_categories"."is_active" = $1', '');
    const params = active ? [true] : [];
    // Two statements one after the other, as drizzle runs them.
    pool
      .query(itemsSql, params)
      .then(async (items) => {
        const total = await pool.query(countSql, params);
        const data = {
          items: items.rows.map((r: { id: number; name: string; code: string; is_active: boolean }) => ({ id: r.id, name: r.name, code: r.code, isActive: r.is_active })),
          totalRows: Number(total.rows[0].count),
        };
        const body = JSON.stringify({ success: true, description: 'Successful', data, code: '00' });
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      })
      .catch(() => {
        res.writeHead(500).end();
      });
  });
  server.listen(port, host);
  return {
    ready: new Promise<void>((resolve) => server.once('listening', () => resolve())),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const bare = startBareBaseline(databaseUrl, Number(process.env.PORT ?? 4601), process.env.HOST ?? '127.0.0.1');
  await bare.ready;
  process.on('SIGTERM', () => void bare.close().then(() => process.exit(0)));
  process.on('SIGINT', () => void bare.close().then(() => process.exit(0)));
}
