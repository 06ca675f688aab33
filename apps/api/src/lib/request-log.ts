import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this logs its completion line at `warn`, so the default level shows it. */
export const SLOW_REQUEST_MS = 1000;

/** Query parameters whose values are secrets: one-time tokens, keys, codes, passwords, signatures. */
const SECRET_PARAM = /token|key|secret|password|passwd|code|signature|sig|auth|session/i;

/**
 * The URL as logged: the value of every query parameter whose name looks secret replaced by
 * `[redacted]` (issue 22: `/simulator/challenge?token=…` and `/api/auth/user?token=…` were logged
 * in full, so anyone reading the logs could use a one-time token). The path and other parameters
 * are kept; a URL that cannot be read is logged without its query.
 */
export const redactUrl = (url: string): string => {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const path = url.slice(0, query);
  try {
    const params = url
      .slice(query + 1)
      .split('&')
      .map((pair) => {
        const equals = pair.indexOf('=');
        const name = decodeURIComponent((equals === -1 ? pair : pair.slice(0, equals)).replace(/\+/g, ' '));
        return equals !== -1 && SECRET_PARAM.test(name) ? `${pair.slice(0, equals)}=[redacted]` : pair;
      });
    return `${path}?${params.join('&')}`;
  } catch {
    return `${path}?[unreadable query]`;
  }
};

/** The level of a request's completion line: failures, slow requests and 4xx show at `info`. */
export const completionLevel = (status: number, ms: number) =>
  status >= 500 ? 'error' : ms >= SLOW_REQUEST_MS ? 'warn' : status >= 400 ? 'info' : 'debug';

/**
 * One completion line per request, in place of Fastify's "incoming request" and "request
 * completed" pair (two JSON lines per request cost about a fifth of a small read's
 * throughput at the default level, docs/performance.md). The line carries the request id
 * (`reqId`), method, URL (secrets in its query redacted: `redactUrl`), status and time; its
 * level is `completionLevel`: 5xx `error`,
 * slow (≥ SLOW_REQUEST_MS) `warn`, 4xx `info`, everything else `debug`. So the default
 * `LOG_LEVEL=info` logs every failure and slow request and stays quiet about fast
 * successes; `LOG_LEVEL=debug` logs every request. Fastify's other log lines (errors in
 * its own handlers, streams, serializers) are unchanged.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[completionLevel(reply.statusCode, ms)](line, 'request completed');
  }
}
