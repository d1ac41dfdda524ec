import { describe, expect, it } from "vitest";
import { isRefusalStatus, ok, refused } from "#app/lib/result.ts";
import { formAnswer, statusOf, toWire, withoutStatus } from "./wire.ts";

describe("a Result on the wire", () => {
  it("is SPEC's { success, … } for the JSON APIs, with the status on the response only", () => {
    expect(toWire(ok())).toEqual({ success: true });
    expect(toWire(ok({ email: "fan@example.com" }))).toEqual({ success: true, email: "fan@example.com" });
    expect(toWire(refused(404, "Message not found"))).toEqual({ success: false, error: "Message not found" });
    const edit = toWire(refused(400, "Title is required", { fields: { title: "Title is required" } }));
    expect(edit).toEqual({ success: false, error: "Title is required", fields: { title: "Title is required" } });
    // The keys in the order SPEC writes them: success first.
    expect(JSON.stringify(toWire(refused(409, "conflict", { current: 1 })))).toBe('{"success":false,"error":"conflict","current":1}');
  });

  it("is the Result itself for a page's form, without its status", () => {
    expect(withoutStatus(ok({ intent: "add", id: "x", message: "Added." }))).toEqual({
      ok: true,
      intent: "add",
      id: "x",
      message: "Added.",
    });
    expect(withoutStatus(refused(429, "Too many tries", { intent: "email" }))).toEqual({
      ok: false,
      error: "Too many tries",
      intent: "email",
    });
    const answered = formAnswer(refused(400, "Please correct the highlighted fields.", { fieldErrors: { subject: "Required" } }), {
      "Cache-Control": "no-store",
    });
    expect(answered.data).toEqual({ ok: false, error: "Please correct the highlighted fields.", fieldErrors: { subject: "Required" } });
    expect(answered.init).toEqual({ status: 400, headers: { "Cache-Control": "no-store" } });
    expect(formAnswer(ok()).init).toEqual({ status: 200 });
  });

  it("is answered with its refusal's status, or the success's", () => {
    expect(statusOf(ok())).toBe(200);
    expect(statusOf(ok(), 201)).toBe(201);
    expect(statusOf(refused(410, "This link no longer works."), 201)).toBe(410);
  });

  it("passes on only a status a refusal may carry", () => {
    expect([400, 404, 422, 429, 451, 500, 503].every(isRefusalStatus)).toBe(true);
    expect([200, 302, 399, 499, 600, 4040].some(isRefusalStatus)).toBe(false);
  });
});
