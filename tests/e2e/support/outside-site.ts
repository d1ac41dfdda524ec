import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An outside site on another origin (127.0.0.1, a port of its own) whose one
 * page shows `html`: where a fan pastes the player.
 */
export async function outsideSite(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(
      `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>A fan's blog</title></head><body>${html}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
