import { describe, expect, it } from 'vitest';
import {
  ApiClientError,
  formatPath,
  HttpError,
  InvalidResponseStatusError,
  InvalidValueError,
  NetworkError,
  ResponseParseError,
} from './errors.js';

describe('the errors the client throws', () => {
  it('gives every class the common base, its own name and the spec message', () => {
    const cases: [ApiClientError, string, string][] = [
      [new NetworkError(), 'NetworkError', 'Network request failed'],
      [new InvalidResponseStatusError(302), 'InvalidResponseStatusError', 'Invalid response status'],
      [new ResponseParseError(), 'ResponseParseError', 'Failed to parse response body'],
      [new HttpError({ status: 409, message: 'Taken' }), 'HttpError', 'Taken'],
      [
        new InvalidValueError([{ path: ['id'], message: 'Invalid input' }]),
        'InvalidValueError',
        'id: Invalid input',
      ],
    ];
    for (const [error, name, message] of cases) {
      expect(error).toBeInstanceOf(ApiClientError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(name);
      expect(error.message).toBe(message);
    }
  });

  it('reports 500 where there was no usable response', () => {
    expect(new NetworkError().status).toBe(500);
    expect(new InvalidResponseStatusError(302).status).toBe(500);
    expect(new HttpError().status).toBe(500);
    expect(new HttpError({ status: 404 }).status).toBe(404);
  });

  it('formats field paths', () => {
    expect(formatPath(['user', 'account', 'id'])).toBe('user.account.id');
    expect(formatPath(['items', 0, 'artists', 2])).toBe('items[0].artists[2]');
    expect(formatPath([0, 'id'])).toBe('[0].id');
    expect(formatPath([])).toBe('(root)');
  });
});
