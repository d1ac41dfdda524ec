// A loopback TCP relay in front of a real server (PostgreSQL, the S3 server),
// so a test can cut the network under a client half-way: every open
// connection is reset and new ones are refused until it is restored.
import net from "node:net";

export type TcpProxy = {
  port: number;
  /** Resets every relayed connection and refuses new ones, as a dropped link would. */
  drop(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    open.add(client).add(upstream);
    const forget = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", forget).on("close", forget);
    upstream.on("error", forget).on("close", forget);
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const port = await listen(0);
  const cut = async () => {
    const closed = stopListening();
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
    await closed;
  };
  return {
    port,
    drop: cut,
    restore: async () => {
      await listen(port);
    },
    close: cut,
  };
}
