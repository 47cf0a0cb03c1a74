import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../../platform/auth.js';
import { scopeOf } from './scope.js';

/** A database that answers the scope query with one custom-scope row and counts how often it was asked. */
function countingDb() {
  const asked = { count: 0 };
  const db = {
    execute: async () => {
      asked.count++;
      return { rows: [{ all: false, hospital_ids: [3, 1], province_codes: ['310000'] }] };
    },
  } as unknown as Db;
  return { db, asked };
}

const user: CurrentUser = { id: 7, username: 'rep', firstName: 'Rep', sessionId: 's', authorities: new Set(), menuIds: [] };

describe('the scope of a request', () => {
  it('is compiled once for the request, however many services ask', async () => {
    const { db, asked } = countingDb();
    const first = await scopeOf(db, user);
    const again = await scopeOf(db, user);
    expect(again).toBe(first);
    expect(asked.count).toBe(1);
    expect(first).toEqual({ userId: 7, all: false, hospitalIds: [3, 1], provinceCodes: ['310000'] });
  });

  it('is read afresh by the next request (each request has its own user)', async () => {
    const { db, asked } = countingDb();
    await scopeOf(db, { ...user });
    await scopeOf(db, { ...user });
    expect(asked.count).toBe(2);
  });
});
