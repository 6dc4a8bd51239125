import fs from 'node:fs';
import net from 'node:net';

/**
 * Where the range starts from which the system takes the local ports of outgoing connections and of servers on
 * port 0 (Linux's default, and what /proc says when it is there). A port handed out from that range can be taken by
 * any connection made before the server it was meant for listens: a journeys' API once failed to start on
 * EADDRINUSE because its port, free a moment before, had become the local end of some other connection.
 */
function ephemeralLow() {
  try {
    const [low, high] = fs
      .readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low > 0 && low <= high) return low;
  } catch {
    // Not Linux: its default range below.
  }
  return 32_768;
}

/** Ports handed out are chosen from here: unprivileged, and below what the system hands out by itself. */
const CHOSEN_FROM = 20_000;

const canListen = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

const anyFreePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * A loopback port free at this moment, for a server whose port others must know before it starts (an API and the
 * origins it allows, nginx's configuration). It is picked at random below the system's ephemeral range, where no
 * outgoing connection and no server on port 0 lands, so only another explicit choice can take it meanwhile (a start
 * then fails loudly on the port taken). When that range is too small to pick from, any free port.
 * @returns {Promise<number>}
 */
export async function freePort() {
  const high = Math.min(ephemeralLow(), 65_536) - 1;
  if (high - CHOSEN_FROM < 1_000) return anyFreePort();
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = CHOSEN_FROM + Math.floor(Math.random() * (high - CHOSEN_FROM + 1));
    if (await canListen(port)) return port;
  }
  return anyFreePort();
}
