import { createConnection, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy on loopback in front of a server (here PostgreSQL), that a test can cut, hang and
 * restore: to the app behind it, a cut is the database going away, connections and all; a hang is
 * a database (or a network) that takes everything and answers nothing.
 */
export class TcpProxy {
  readonly port: number;
  private readonly target: { host: string; port: number };
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly pairs = new Set<[Socket, Socket]>();
  private hanging = false;

  private constructor(port: number, target: { host: string; port: number }) {
    this.port = port;
    this.target = target;
  }

  /** Starts a proxy on a free port. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const probe = createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      }),
    );
    const proxy = new TcpProxy(port, target);
    await proxy.restore();
    return proxy;
  }

  /** Accepts and forwards connections again; connections held by a hang are dropped. */
  async restore(): Promise<void> {
    if (this.hanging) {
      this.hanging = false;
      for (const socket of this.sockets) socket.destroy();
    }
    if (this.server) return;
    const server = createServer((client) => {
      this.track(client);
      if (this.hanging) {
        // Read and drop whatever the app sends; answer nothing.
        client.resume();
        return;
      }
      const upstream = createConnection(this.target);
      this.track(upstream);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      client.pipe(upstream).pipe(client);
      client.on("close", () => {
        upstream.destroy();
        this.pairs.delete(pair);
      });
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", () => resolve()));
    this.server = server;
  }

  /** Drops every connection and refuses new ones, as a stopped database would. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /**
   * Keeps every connection open, and accepts new ones, but forwards nothing either way: a query
   * sent gets no answer, a new connection no greeting.
   */
  hang(): void {
    this.hanging = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.resume();
      upstream.resume();
    }
    this.pairs.clear();
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  }
}
