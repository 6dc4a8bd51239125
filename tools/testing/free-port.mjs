import net from 'node:net';

/**
 * A loopback port free at this moment, for a server whose port others must know before it starts (an API and the
 * origins it allows, nginx's configuration). Another process may take it before it is used; a start then fails
 * loudly on the port taken.
 * @returns {Promise<number>}
 */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
