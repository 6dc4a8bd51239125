import { describe, expect, it } from 'vitest';
import { isPublicAddress, RefusedAddressError, resolveDeliveryAddress } from './addresses.js';

describe('webhook destination addresses', () => {
  it('refuses private, loopback, link-local, unique-local and other non-public addresses, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '172.32.0.1',
      '2606:4700::1111',
      '2a00:1450:4001::200e',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('checks literal hosts, and resolved names, unless private addresses are allowed', async () => {
    await expect(resolveDeliveryAddress('127.0.0.1', false)).rejects.toThrow(RefusedAddressError);
    await expect(resolveDeliveryAddress('[::1]', false)).rejects.toThrow(/not a public address/);
    await expect(resolveDeliveryAddress('localhost', false)).rejects.toThrow(/not a public address/);
    await expect(resolveDeliveryAddress('no-such-host.invalid', false)).rejects.toThrow(/does not resolve/);
    expect(await resolveDeliveryAddress('127.0.0.1', true)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await resolveDeliveryAddress('93.184.215.14', false)).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
  });
});
