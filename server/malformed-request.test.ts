import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerMalformedRequest } from "./malformed-request.ts";

/** Sends raw bytes and returns everything the server answers before closing. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("requests the HTTP parser refuses", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end("ok"));
    server.on("clientError", answerMalformedRequest);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers an address too long to read with 431 and a sentence", async () => {
    const answer = await rawExchange(port, `GET /unsubscribe?token=${"x".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toContain("The address or headers of this request are too long.");
  });

  it("answers bytes that are not HTTP with 400 and a sentence", async () => {
    const answer = await rawExchange(port, "HELLO THERE\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("This request could not be understood.");
  });

  it("still serves a well-formed request", async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
  });
});
