// The comparator of the catalogue benchmark: a bare Fastify app (no plugins, no logging) with
// one route doing `select 1` through a pg pool of the same size as the API's, on the same
// database. Run as its own process, like the server under test, so it does not share the
// load generator's event loop. Prints its port on stdout once it listens.
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.POOL_SIZE ?? 10) });

const app = Fastify({ logger: false });
app.get('/bare', async () => {
  const { rows } = await pool.query<{ one: number }>('select 1 as one');
  return { data: rows[0]!.one };
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${new URL(address).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
