/** Waits until the server under test answers GET /api/health, or fails if it exits or takes 120 s. */
export const waitForHealth = async (base: string, isAlive: () => boolean) => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('the server exited before it became healthy');
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become healthy within 120 s');
};
