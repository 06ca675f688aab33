// Welsh answers benchmark (issue 27, docs/languages-messages.md): what the success-message hook
// (apps/api/src/lib/messages/success.ts) costs a Welsh request on a big answer — a timetable week
// of 2,000 sessions with their ticket types, a few refusal reasons among them — against the
// bare comparator measured in the same run: serialising that answer (JSON.stringify), which every
// request pays anyway. An English request only reads its cookie. No target is set: the result
// says what the walk adds. Run: npm run bench -- messages   (writes bench/results/messages.json)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { welshAnswer } from '../../apps/api/src/lib/messages/success.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const RESULT = path.join(import.meta.dirname, '../results/messages.json');

/** A timetable-like answer: sessions with nested ticket types; every 50th full, every 200th with a course-style reason sentence. */
const answer = () => ({
  data: Array.from({ length: SESSIONS }, (_, i) => ({
    id: i + 1,
    name: `Aqua Fit ${i % 7}`,
    starts_at: new Date(Date.UTC(2030, 0, 1 + (i % 7), 6 + (i % 14))).toISOString(), // fixed-date: a sample week far ahead, only its shape matters
    duration_minutes: 45,
    venue: { id: 1 + (i % 3), name: 'Bury Leisure Centre', slug: 'bury-leisure-centre' },
    instructors: [{ id: 1, name: 'Sam Jones' }],
    tags: ['water', 'low-impact'],
    places_left: i % 50 === 0 ? 0 : 12,
    reason: i % 50 === 0 ? 'full' : i % 200 === 1 ? 'This session has already started.' : null,
    ticket_types: [
      { id: 1, name: 'Adult', price: { raw: 650, formatted: '£6.50' }, reason: null },
      { id: 2, name: 'Junior', price: { raw: 400, formatted: '£4.00' }, reason: i % 200 === 2 ? 'The Junior ticket is for ages 5 to 11; Sam is 12.' : null },
    ],
  })),
  meta: { from: '2030-01-01', to: '2030-01-07' }, // fixed-date: as above
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return { runs: times.length, p50Ms: r(percentile(sorted, 50)), p99Ms: r(percentile(sorted, 99)) };
};

const payload = answer();
const bare: number[] = [];
const welsh: number[] = [];
let bytes = 0;
for (let round = 0; round < ROUNDS; round++) {
  // Interleaved, so both see the same machine load.
  let t = performance.now();
  bytes = JSON.stringify(payload).length;
  bare.push(performance.now() - t);
  t = performance.now();
  JSON.stringify(welshAnswer(payload));
  welsh.push(performance.now() - t);
}
const translated = welshAnswer(payload) as ReturnType<typeof answer>;
const check = {
  translatedReason: translated.data[1]!.reason,
  codeLeft: translated.data[0]!.reason,
  originalUnchanged: payload.data[1]!.reason === 'This session has already started.',
};
if (!check.originalUnchanged || check.codeLeft !== 'full' || check.translatedReason === 'This session has already started.') throw new Error(`walk wrong: ${JSON.stringify(check)}`);

const bareSummary = summary(bare);
const welshSummary = summary(welsh);
const result = {
  benchmark: 'messages',
  when: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model.split(' ').slice(0, 2).join(' '), loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100 },
  setup: { sessions: SESSIONS, rounds: ROUNDS, answerBytes: bytes },
  check,
  bareSerialise: bareSummary,
  welshWalkAndSerialise: welshSummary,
  ratioP50: Math.round((welshSummary.p50Ms / bareSummary.p50Ms) * 100) / 100,
};
fs.writeFileSync(RESULT, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
