// The comparator of the holds benchmark: a bare Fastify app (no plugins, no logging, no auth)
// whose one route holds a place the simplest correct way, on the same database: in one
// transaction a conditional `UPDATE bench_bare_slots SET held = held + 1 WHERE id = $1 AND
// held < capacity` and, when it matched, an insert of the hold row. 200 held, 409 full.
// Prints its port on stdout once it listens.
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.POOL_SIZE ?? 10) });

const app = Fastify({ logger: false });
let customer = 0;
app.post<{ Params: { slot: string } }>('/bare/:slot/hold', async (request, reply) => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rowCount } = await client.query('UPDATE bench_bare_slots SET held = held + 1 WHERE id = $1 AND held < capacity', [Number(request.params.slot)]);
    if (!rowCount) {
      await client.query('ROLLBACK');
      return reply.code(409).send({ message: 'Sorry, this session is full.' });
    }
    await client.query('INSERT INTO bench_bare_holds (slot_id, customer) VALUES ($1, $2)', [Number(request.params.slot), (customer += 1)]);
    await client.query('COMMIT');
    return { data: { held: true } };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${new URL(address).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
