import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where webhook deliveries may go (docs/decisions/0088-webhooks.md, "SSRF"): a URL's host is resolved and refused
 * when any of its addresses is private, loopback, link-local, unique-local or otherwise not a public unicast
 * address, so that an account cannot make the API call into its own network. The delivery then connects to the
 * very address checked (no second resolution that could answer differently).
 */
// One list per family: Node's BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules too, so the rule that
// refuses every IPv4-mapped IPv6 address would refuse every IPv4 address in a shared list.
const NOT_PUBLIC_V4 = /*#__PURE__*/ (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8], // "this network"
    ['10.0.0.0', 8], // private
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8], // loopback
    ['169.254.0.0', 16], // link-local (cloud metadata services live here)
    ['172.16.0.0', 12], // private
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.0.2.0', 24], // documentation
    ['192.168.0.0', 16], // private
    ['198.18.0.0', 15], // benchmarking
    ['198.51.100.0', 24], // documentation
    ['203.0.113.0', 24], // documentation
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ] as const)
    list.addSubnet(network, prefix, 'ipv4');
  return list;
})();

const NOT_PUBLIC_V6 = /*#__PURE__*/ (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['::', 128], // unspecified
    ['::1', 128], // loopback
    ['::ffff:0:0', 96], // IPv4-mapped: would reach any IPv4 address, private ones included
    ['64:ff9b::', 96], // NAT64, likewise
    ['100::', 64], // discard
    ['2001:db8::', 32], // documentation
    ['fc00::', 7], // unique-local
    ['fe80::', 10], // link-local
    ['fec0::', 10], // site-local (deprecated)
    ['ff00::', 8], // multicast
  ] as const)
    list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6');
}

export class RefusedAddressError extends Error {}

export type ResolvedAddress = { address: string; family: 4 | 6 };

/**
 * The address a delivery to `hostname` connects to; RefusedAddressError when the host does not resolve, or when
 * one of its addresses is not public and `allowPrivate` is off.
 */
export async function resolveDeliveryAddress(
  hostname: string,
  allowPrivate: boolean,
): Promise<ResolvedAddress> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new RefusedAddressError(`The host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new RefusedAddressError(`The host ${host} does not resolve`);
  if (!allowPrivate) {
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused)
      throw new RefusedAddressError(
        `The host ${host} resolves to ${refused.address}, which is not a public address`,
      );
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
