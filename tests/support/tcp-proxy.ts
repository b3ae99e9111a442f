import { createConnection, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy on loopback in front of a server (here PostgreSQL), that a test can cut and restore:
 * to the app behind it, a cut is the database going away, connections and all.
 */
export class TcpProxy {
  readonly port: number;
  private readonly target: { host: string; port: number };
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

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

  /** Accepts and forwards connections again. */
  async restore(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
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
}
