import { expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** pg's errors from a connection that broke mid-transaction, as the driver raises them (decision 0059). */
const pgError = (message: string, fields: object = {}) => Object.assign(new Error(message), fields);

it.each([
  [
    'PostgreSQL ended the session (57P01)',
    pgError('terminating connection due to unexpected postmaster exit', { code: '57P01' }),
  ],
  ['the server closed the socket', pgError('Connection terminated unexpectedly')],
  ['the socket was reset', pgError('read ECONNRESET', { code: 'ECONNRESET' })],
  [
    'the next query on the broken client',
    pgError('Client has encountered a connection error and is not queryable'),
  ],
  ['the server starting up again (57P03)', pgError('the database system is starting up', { code: '57P03' })],
  [
    'wrapped as a cause',
    new Error('Payout failed', { cause: pgError('Connection terminated unexpectedly') }),
  ],
])('%s: the database is unavailable (503)', (_, error) => {
  expect(isDatabaseUnavailable(error)).toBe(true);
});

it.each([
  ['a constraint violation', pgError('duplicate key value', { code: '23505' })],
  ['a programming error', new TypeError('x is undefined')],
])('%s: not a database outage', (_, error) => {
  expect(isDatabaseUnavailable(error)).toBe(false);
});
