import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { requestProblem } from './request-errors';

describe('the statistics calls’ problems, as the admin spec names them', () => {
  it('the server’s own message', () => {
    const wrong = ApiRequestError.of(401, {
      error: { code: 'stats_password_wrong', message: 'Wrong password' },
    });
    expect(requestProblem(wrong)).toEqual({ kind: 'server', status: 401, message: 'Wrong password' });
  });
  it('an HTML page instead of the API', () => {
    expect(requestProblem(ApiRequestError.of(502, null))).toEqual({ kind: 'html' });
    expect(requestProblem(new SyntaxError('Unexpected token <'))).toEqual({ kind: 'html' });
  });
  it('the 15 s time-out, no network, anything else', () => {
    expect(requestProblem(new DOMException('timed out', 'TimeoutError'))).toEqual({ kind: 'timeout' });
    expect(requestProblem(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
    expect(requestProblem(new Error('odd'))).toEqual({ kind: 'unknown', message: 'odd' });
  });
});
