import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless private addresses are allowed (docs/webhooks.md,
 * "Security"): this machine, the private networks, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, benchmarking, multicast and reserved ranges, in IPv4 and IPv6.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/** Whether an address (v4, v6 or v4-mapped v6) is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) return BLOCKED.check(address, 'ipv6');
  return true;
}

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why an endpoint's address is refused, in words for the person who typed it. */
export class RefusedUrl extends Error {}

/**
 * Checks an endpoint's address and resolves its host once: http(s) only; unless private
 * addresses are allowed, https only and every address the name resolves to public. The request
 * then connects to the address checked here (never resolving again), so a name that changes
 * its answer between the check and the request (DNS rebinding) reaches nothing private.
 */
export async function resolveTarget(raw: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrl('Must be an http(s) address, e.g. https://example.com/hooks');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new RefusedUrl('Must be an http(s) address, e.g. https://example.com/hooks');
  if (!allowPrivate && url.protocol !== 'https:')
    throw new RefusedUrl('Must be an https:// address');
  if (url.username || url.password) throw new RefusedUrl('Must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedUrl(`The host ${host} was not found`);
    }
  }
  if (!addresses.length) throw new RefusedUrl(`The host ${host} was not found`);
  if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address)))
    throw new RefusedUrl('Must be a public address (private, loopback and link-local are refused)');
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
