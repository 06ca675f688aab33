/**
 * The HAProxy configuration of `npm run start:cluster` (docs/scaling.md). Pure: the cluster writes
 * it to `<DATA_DIR>/cluster/haproxy.cfg` and runs `haproxy -db -f` on it.
 */

/** HAProxy connects to the instances from this loopback address, and the instances trust only it. */
export const PROXY_SOURCE = '127.0.0.2';

export type HaproxyOptions = {
  /** Where people connect: HOST and PORT of the configuration. */
  bind: { host: string; port: number };
  /** The API instances, each on 127.0.0.1. */
  servers: { name: string; port: number }[];
  /**
   * True when TRUST_PROXY names a proxy in front of HAProxy: its X-Forwarded-Proto and -Host pass
   * through. False: HAProxy is the edge, so it sets X-Forwarded-Proto itself and drops a
   * client's X-Forwarded-Host (a forged one must not reach the instances as the proxy's word).
   */
  behindAnotherProxy: boolean;
  /** How long an idle client connection stays open (KEEP_ALIVE_TIMEOUT_MS, as one server would). */
  keepAliveMs: number;
};

const bindAddress = ({ host, port }: HaproxyOptions['bind']) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

export const haproxyConfig = ({ bind, servers, behindAnotherProxy, keepAliveMs }: HaproxyOptions): string =>
  [
    // No maxconn: HAProxy sizes it from the open-files limit it is given.
    'global',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    // The live availability stream (SSE) sends a heartbeat every 15 s, so a minute of silence
    // means the peer is gone; a long request is bounded by the instances' REQUEST_TIMEOUT_MS.
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 30s',
    `  timeout http-keep-alive ${keepAliveMs}ms`,
    '  timeout queue 30s',
    // WebSocket or CONNECT tunnels, should a client open one.
    '  timeout tunnel 1h',
    // A connection that cannot be made (an instance just died) is tried on another instance;
    // a request already sent is never replayed.
    '  retries 3',
    '  option redispatch 1',
    '',
    'frontend bookings',
    `  bind ${bindAddress(bind)}`,
    // The address HAProxy saw is appended to X-Forwarded-For; the instances trust PROXY_SOURCE only.
    '  option forwardfor',
    ...(behindAnotherProxy ? [] : ['  http-request set-header X-Forwarded-Proto http', '  http-request del-header X-Forwarded-Host']),
    // Clients are told HAProxy's idle time-out, not the instance's longer one: a client that kept a
    // connection by the instance's word would reuse one HAProxy had just closed ("other side closed").
    `  http-response set-header Keep-Alive timeout=${Math.max(1, Math.floor(keepAliveMs / 1000))}`,
    '  default_backend api',
    '',
    'backend api',
    // Least connections: the long-lived live streams spread evenly over the instances.
    '  balance leastconn',
    `  source ${PROXY_SOURCE}`,
    '  option httpchk',
    '  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host localhost',
    '  http-check expect status 200',
    // A check every second, every 250 ms once one failed: a dead instance (connection refused) is
    // out after 3 failures, within about 1.5 s, and back after 2 good checks. A busy instance is
    // not: a check may take up to 5 s before it counts as failed.
    '  timeout check 5s',
    // Half the idle connections to an instance are let go each second, long before the instance
    // closes one (the cluster gives them KEEP_ALIVE_TIMEOUT_MS + 5 s), so none is reused as it closes.
    '  default-server inter 1s fastinter 250ms fall 3 rise 2 pool-purge-delay 1s',
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    '',
  ].join('\n');

/**
 * TRUST_PROXY for the instances: HAProxy's source address, plus the proxies the operator trusts
 * in front of HAProxy (a list), or one more hop (a hop count).
 */
export const instanceTrustProxy = (configured: number | string[] | undefined): string => {
  if (configured === undefined) return PROXY_SOURCE;
  if (typeof configured === 'number') return String(configured + 1);
  return [PROXY_SOURCE, ...configured].join(',');
};
