import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZGetHealthResponse } from './get-health.ts';

/** GET /api/health takes no input; its response schema guards what the API may send. */
describe('ZGetHealthResponse', () => {
  it('accepts ok and degraded answers', () => {
    expect(issuePaths(ZGetHealthResponse, { data: { status: 'ok', database: 'ok', version: '0.1.0' } })).toBeNull();
    expect(issuePaths(ZGetHealthResponse, { data: { status: 'degraded', database: 'unreachable', version: '0.1.0' } })).toBeNull();
  });

  it.each([
    ['an unknown status', { status: 'down', database: 'ok', version: '0.1.0' }, 'data.status'],
    ['an unknown database state', { status: 'ok', database: 'slow', version: '0.1.0' }, 'data.database'],
    ['a missing version', { status: 'ok', database: 'ok' }, 'data.version'],
  ])('rejects %s', (_case, data, path) => {
    expect(issuePaths(ZGetHealthResponse, { data })).toContain(path);
  });
});
