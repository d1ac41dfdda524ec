import { describe, expect, it } from "vitest";
import { flashToast, takeToast } from "./toast.server.ts";

const secret = "test-secret-that-is-long-enough-for-better-auth";
const attributes = (setCookie: string) =>
  setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());

describe("one-time notices (the toast cookie)", () => {
  it("is Secure on an https site, as the session cookie is, and not on plain http (where a browser would drop it)", async () => {
    const https = await flashToast(
      { authSecret: secret, publicUrl: "https://music.example.com" },
      { message: "Welcome back!", type: "success" },
    );
    expect(attributes(https)).toContain("secure");
    expect(attributes(https)).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    const http = await flashToast(
      { authSecret: secret, publicUrl: "http://localhost:3000" },
      { message: "Welcome back!", type: "success" },
    );
    expect(attributes(http)).not.toContain("secure");
  });

  it("is read once and cleared with the same attributes", async () => {
    const env = { authSecret: secret, publicUrl: "https://music.example.com" };
    const set = await flashToast(env, { message: "Signed in", type: "success" });
    const request = new Request("https://music.example.com/", { headers: { cookie: set.split(";")[0] ?? "" } });
    const { toast, setCookie } = await takeToast(env, request);
    expect(toast).toEqual({ message: "Signed in", type: "success" });
    expect(attributes(setCookie ?? "")).toEqual(expect.arrayContaining(["secure", "max-age=0"]));
  });
});
