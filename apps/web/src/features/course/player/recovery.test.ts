import { describe, expect, test } from 'vitest';
import { type FatalError, MAX_RENEWALS, recoveryFor } from './recovery';

const network = (status: number | undefined, manifest = false): FatalError => ({
  network: true,
  media: false,
  manifest,
  status,
});
const fresh = { renewals: 0, recovered: false };

describe('recoveryFor', () => {
  test('a refused request renews the source, up to MAX_RENEWALS times in a row, then fails', () => {
    expect(recoveryFor(network(403), fresh)).toBe('renew');
    expect(recoveryFor(network(401), { renewals: MAX_RENEWALS - 1, recovered: true })).toBe('renew');
    expect(recoveryFor(network(403), { renewals: MAX_RENEWALS, recovered: false })).toBe('fail');
  });

  test("the master playlist answered 503 (the shop's storage down): loaded again once, then the player says so", () => {
    expect(recoveryFor(network(503, true), fresh)).toBe('reloadSource');
    expect(recoveryFor(network(503, true), { renewals: 0, recovered: true })).toBe('fail');
  });

  test('a segment, key or rendition playlist answered 503: loading restarts once, then the player says so', () => {
    expect(recoveryFor(network(503), fresh)).toBe('restartLoading');
    expect(recoveryFor(network(503), { renewals: 0, recovered: true })).toBe('fail');
    // No answer at all (a timeout, the network gone) is the same.
    expect(recoveryFor(network(undefined), fresh)).toBe('restartLoading');
  });

  test('a decoding error is recovered once; any other fatal error fails at once', () => {
    const media = { network: false, media: true, manifest: false, status: undefined };
    expect(recoveryFor(media, fresh)).toBe('recoverMedia');
    expect(recoveryFor(media, { renewals: 0, recovered: true })).toBe('fail');
    expect(recoveryFor({ ...media, media: false }, fresh)).toBe('fail');
  });
});
