import { describe, expect, it } from 'vitest';
import { PROXY_SOURCE, haproxyConfig, instanceTrustProxy } from './haproxy-config.ts';

const servers = [
  { name: 'api-1', port: 41001 },
  { name: 'api-2', port: 41002 },
  { name: 'api-3', port: 41003 },
];

describe('the cluster’s HAProxy configuration', () => {
  it('listens on HOST:PORT and sends to every instance with HTTP health checks on /api/health', () => {
    const cfg = haproxyConfig({ bind: { host: '127.0.0.1', port: 3000 }, servers, behindAnotherProxy: false, keepAliveMs: 5000 });
    expect(cfg).toContain('  bind 127.0.0.1:3000');
    expect(cfg).toContain('  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host localhost');
    expect(cfg).toContain('  http-check expect status 200');
    for (const s of servers) expect(cfg).toContain(`  server ${s.name} 127.0.0.1:${s.port} check`);
    expect(cfg).toContain(`  source ${PROXY_SOURCE}`);
    expect(cfg).toContain('  option forwardfor');
    // The live stream's 15 s heartbeat fits inside the idle timeouts.
    expect(cfg).toMatch(/timeout server 60s/);
    expect(cfg).toMatch(/timeout client 60s/);
    expect(cfg).toContain('timeout http-keep-alive 5000ms');
    // The instances say a longer time-out (theirs is 5 s longer); clients are told HAProxy's.
    expect(cfg).toContain('http-response set-header Keep-Alive timeout=5');
  });

  it('at the edge sets X-Forwarded-Proto and drops a client’s X-Forwarded-Host; behind another proxy passes them', () => {
    const edge = haproxyConfig({ bind: { host: '::', port: 8080 }, servers, behindAnotherProxy: false, keepAliveMs: 5000 });
    expect(edge).toContain('  bind [::]:8080');
    expect(edge).toContain('http-request set-header X-Forwarded-Proto http');
    expect(edge).toContain('http-request del-header X-Forwarded-Host');
    const behind = haproxyConfig({ bind: { host: '127.0.0.1', port: 3000 }, servers, behindAnotherProxy: true, keepAliveMs: 5000 });
    expect(behind).not.toContain('X-Forwarded-Proto');
    expect(behind).not.toContain('X-Forwarded-Host');
  });

  it('has the instances trust HAProxy’s address only, plus what TRUST_PROXY already trusted', () => {
    expect(instanceTrustProxy(undefined)).toBe(PROXY_SOURCE);
    expect(instanceTrustProxy(['10.0.0.0/8'])).toBe(`${PROXY_SOURCE},10.0.0.0/8`);
    expect(instanceTrustProxy(1)).toBe('2');
  });
});
