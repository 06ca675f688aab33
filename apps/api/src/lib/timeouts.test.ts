import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

// A short limit so the test is quick; production default is 30 s (REQUEST_TIMEOUT_MS).
const ctx = useTestApp({ REQUEST_TIMEOUT_MS: '2000' });

const BYTE_EVERY_MS = 1000;

describe('request time limits', () => {
  it('closes a connection whose body trickles in a byte at a time once REQUEST_TIMEOUT_MS has passed', { timeout: 60_000 }, async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
    const body = JSON.stringify({ username: 'slow@example.com', password: 'slow-password-padding-to-be-long' });
    let sent = 0;
    let answer = '';
    const closed = new Promise<void>((resolve) => {
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString();
      });
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    socket.write(
      `POST /api/auth/customer/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const trickle = setInterval(() => {
      if (socket.destroyed || sent >= body.length) return;
      socket.write(body[sent]!);
      sent += 1;
    }, BYTE_EVERY_MS);
    await closed;
    clearInterval(trickle);
    // Closed by the server long before the body was complete (it would take ~65 s).
    expect(sent).toBeLessThan(body.length / 2);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an idle keep-alive connection after 5 s', { timeout: 60_000 }, async () => {
    const { port } = new URL(ctx.app.listeningOrigin);
    const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('keep-alive: timeout=5');
  });
});
