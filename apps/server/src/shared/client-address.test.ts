import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

describe('the address a per-address limit counts (decision 0140)', () => {
  it('counts an IPv6 address as its /64 network, however it is written', () => {
    expect(clientAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:0DB8:0001:0002:0:0:0:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddress('2001:db8:1:2::9')).toBe(clientAddress('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientAddress('2001:db8:1:3::9')).not.toBe(clientAddress('2001:db8:1:2::9'));
  });

  it('counts an IPv4 address as it is, also written as IPv6', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });
});
