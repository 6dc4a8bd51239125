import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.mjs';

const listen = (port) =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

const ephemeralLow = () => {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
};

describe('freePort', () => {
  it('answers ports below the ephemeral range that a server can listen on, not the same one twice in a row', async () => {
    const ports = [];
    for (let i = 0; i < 20; i += 1) ports.push(await freePort());
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(ephemeralLow());
    }
    expect(new Set(ports).size).toBeGreaterThan(15);
    const server = await listen(ports[0]);
    await new Promise((resolve) => server.close(resolve));
  });

  it('never answers a port a server holds', async () => {
    // Hold a block of ports, then ask often: none of the answers is one of them.
    const start = 20_000 + Math.floor(Math.random() * 5_000);
    const held = [];
    for (let port = start; port < start + 200; port += 1) held.push(await listen(port).catch(() => null));
    const taken = new Set(held.filter(Boolean).map((server) => server.address().port));
    try {
      for (let i = 0; i < 200; i += 1) expect(taken.has(await freePort())).toBe(false);
    } finally {
      await Promise.all(
        held.filter(Boolean).map((server) => new Promise((resolve) => server.close(resolve))),
      );
    }
  });
});
