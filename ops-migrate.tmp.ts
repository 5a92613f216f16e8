import { sql } from 'kysely';
import { createDb, createPool, migrate } from './sql/src/index';

const url = process.argv[2]!;
const r = await migrate(url, console.log);
console.log('applied', r.applied.length);
const db = createDb(createPool(url, { max: 2 }));
console.log(
  (await sql`SELECT extname, extowner::regrole::text AS owner, extversion FROM pg_extension`.execute(db)).rows,
);
await db.destroy();
