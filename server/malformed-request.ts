// Requests Node's HTTP parser refuses before any handler runs (a 20 KB address,
// bytes that are not HTTP) get a status and a sentence saying why, instead of
// Node's bare, empty answer.
import type { Duplex } from "node:stream";

type Answer = { status: number; reason: string; message: string };

const TOO_LONG: Answer = {
  status: 431,
  reason: "Request Header Fields Too Large",
  message: "The address or headers of this request are too long.",
};
const TIMED_OUT: Answer = { status: 408, reason: "Request Timeout", message: "The request took too long to arrive." };
export const NOT_UNDERSTOOD = "This request could not be understood.";
const NOT_HTTP: Answer = { status: 400, reason: "Bad Request", message: NOT_UNDERSTOOD };

function answerFor(code: string | undefined): Answer {
  if (code === "HPE_HEADER_OVERFLOW") return TOO_LONG;
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return TIMED_OUT;
  return NOT_HTTP;
}

/** For `server.on("clientError", answerMalformedRequest)`. */
export function answerMalformedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, reason, message } = answerFor(error.code);
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      "Content-Type: text/plain; charset=utf-8\r\n" +
      "X-Content-Type-Options: nosniff\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}
