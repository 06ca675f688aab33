// The GET load both read benchmarks (bench/catalogue, bench/timetable) put on their targets:
// autocannon slices, interleaved between targets, summed into one measure per target.
import autocannon from 'autocannon';
import { percentile } from './load.ts';

export type Measure = { requestsPerSecond: number; p50Ms: number; p99Ms: number; maxMs: number; non2xx: number; errors: number; bytesPerResponse: number };
/** A server (`base`) and the next path to ask it for. */
export type Target = { title: string; base: string; paths: () => string };
type Tally = { requests: number; bytes: number; seconds: number; non2xx: number; errors: number; latencies: number[] };
export type ReadLoad = { host: string; connections: number; durationSeconds: number; rounds: number };

/** One autocannon run of `seconds` against a target, adding to its tally (every response time is kept). */
const loadRound = (target: Target, load: ReadLoad, seconds: number, tally: Tally) =>
  new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.base,
        title: target.title,
        connections: load.connections,
        duration: seconds,
        headers: { host: load.host, accept: 'application/json' },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: target.paths() }) }],
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        tally.requests += result.requests.total;
        tally.bytes += result.throughput.total;
        tally.seconds += result.duration;
        tally.non2xx += result.non2xx;
        tally.errors += result.errors + result.timeouts;
        resolve();
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      tally.latencies.push(responseTime);
    });
  });

/**
 * Every target gets `durationSeconds` in `rounds` interleaved slices (A, B, C, A, …), so a burst
 * of other work on the machine hits the comparator and the endpoints alike.
 */
export const loadInterleaved = async (targets: readonly Target[], load: ReadLoad): Promise<Measure[]> => {
  const tallies = targets.map((): Tally => ({ requests: 0, bytes: 0, seconds: 0, non2xx: 0, errors: 0, latencies: [] }));
  for (let round = 0; round < load.rounds; round += 1) {
    for (const [i, target] of targets.entries()) await loadRound(target, load, load.durationSeconds / load.rounds, tallies[i]!);
  }
  return tallies.map((t) => {
    const sorted = t.latencies.sort((a, b) => a - b);
    const ms = (p: number) => Math.round(percentile(sorted, p) * 10) / 10;
    return {
      requestsPerSecond: Math.round(t.requests / t.seconds),
      p50Ms: ms(50),
      p99Ms: ms(99),
      maxMs: ms(100),
      non2xx: t.non2xx,
      errors: t.errors,
      bytesPerResponse: Math.round(t.bytes / Math.max(t.requests, 1)),
    };
  });
};

/** Requests per second of `measure` as a share of `bare`'s, to two places. */
export const ratio = (measure: Measure, bare: Measure) => Math.round((measure.requestsPerSecond / bare.requestsPerSecond) * 100) / 100;
