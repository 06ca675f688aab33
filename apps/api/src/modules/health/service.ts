import type { GetHealthResponse } from '@app/contract/health/get-health';
import type { Db } from '../../db/connect.ts';
import { pingDatabase } from './repository.ts';

export type Health = GetHealthResponse['data'];

/** 'ok' when the database answers, 'degraded' (the route answers 503) when it does not. */
export const checkHealth = async (db: Db, version: string): Promise<Health> => {
  const reachable = await pingDatabase(db);
  return { status: reachable ? 'ok' : 'degraded', database: reachable ? 'ok' : 'unreachable', version };
};
