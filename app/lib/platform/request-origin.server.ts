// What the host tells the app about where a request came from: the contract
// between server/ (which sets it) and the app (which reads it).

/**
 * The header our host sets, on every request, to the client address it
 * trusts (the socket, or X-Forwarded-For with TRUST_PROXY). Anything a client
 * sends under this name is overwritten, so rate limits cannot be dodged by
 * spoofing it.
 */
export const CLIENT_IP_HEADER = "x-artist-site-client-ip";

/** Origins allowed to post to us: PUBLIC_URL, and its 127.0.0.1/localhost twin. */
export function trustedOrigins(publicUrl: string, port: number): string[] {
  const origins = [publicUrl];
  const url = new URL(publicUrl);
  if (url.hostname === "localhost") origins.push(`${url.protocol}//127.0.0.1:${url.port || port}`);
  if (url.hostname === "127.0.0.1") origins.push(`${url.protocol}//localhost:${url.port || port}`);
  return origins;
}
