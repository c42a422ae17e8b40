import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a per-address limit counts (DESIGN.md section 14, decision 0140): an IPv4 address as
 * it is, an IPv6 address as its /64 network, since one client commonly holds a whole /64 (2^64
 * addresses to rotate through). An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) counts as IPv4.
 * Every limit keyed by address reads it through `request.clientAddress` (lint forbids `request.ip`
 * elsewhere); only the country lookup needs the full address.
 */
export function clientAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail takes two groups; the /64 is the first four groups either way.
  const rightGroups = right.flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - rightGroups.length)).fill('0'), ...rightGroups] : left;
  return `${groups.slice(0, 4).map((g) => Number.parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
}
