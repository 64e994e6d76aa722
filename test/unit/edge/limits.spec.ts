import { addressKey, isLimitedPath } from '../../../src/edge/throttle';
import { usernameDelayMs } from '../../../src/domain/identity/login.service';
import { totpStep, currentTotp, newTotpSecret } from '../../../src/domain/identity/totp';

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('%s → %s', (ip, key) => expect(addressKey(ip)).toBe(key));

  it('gives one key to every address of a /64', () => {
    expect(addressKey('2001:db8:1:2:ffff::1')).toBe(addressKey('2001:db8:1:2::abcd'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });
});

describe('isLimitedPath', () => {
  it.each([
    ['/api/v1/me', true],
    ['/api/erp/v1/orders', true],
    ['/oauth/token', true],
    ['/mcp', true],
    ['/health', false],
    ['/mcpx', false],
    ['/', false],
  ])('%s → %s', (path, limited) => expect(isLimitedPath(path)).toBe(limited));
});

describe('usernameDelayMs', () => {
  it('waits nothing up to the free failures, then 250 ms more per failure, at most 3 s', () => {
    expect(usernameDelayMs(0, 5)).toBe(0);
    expect(usernameDelayMs(5, 5)).toBe(0);
    expect(usernameDelayMs(6, 5)).toBe(250);
    expect(usernameDelayMs(9, 5)).toBe(1000);
    expect(usernameDelayMs(500, 5)).toBe(3000);
  });
});

describe('totpStep', () => {
  it('names the 30-second step a code belongs to, accepting one step of drift', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(secret, currentTotp(secret, now), now)).toBe(step);
    expect(totpStep(secret, currentTotp(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(secret, currentTotp(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(secret, currentTotp(secret, now - 90_000), now)).toBeNull();
    expect(totpStep(secret, 'abcdef', now)).toBeNull();
  });
});
