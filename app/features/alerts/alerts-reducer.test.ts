import { describe, expect, it } from "vitest";
import { alertsReducer, type Alert } from "./alerts-reducer.ts";

const add = (alerts: Alert[], id: string, duration?: number) =>
  alertsReducer(alerts, { kind: "add", alert: { id, message: id, type: "info", timestamp: 1, duration } });

describe("alerts", () => {
  it("defaults to 4000 ms and keeps the given duration", () => {
    const alerts = add(add([], "a"), "b", 0);
    expect(alerts.map((a) => [a.id, a.duration, a.leaving])).toEqual([
      ["a", 4000, false],
      ["b", 0, false],
    ]);
  });

  it("marks one as leaving, then removes it singly or all at once", () => {
    let alerts = add(add(add([], "a"), "b"), "c");
    alerts = alertsReducer(alerts, { kind: "leave", id: "b" });
    expect(alerts.find((a) => a.id === "b")?.leaving).toBe(true);
    alerts = alertsReducer(alerts, { kind: "remove", id: "b" });
    expect(alerts.map((a) => a.id)).toEqual(["a", "c"]);
    expect(alertsReducer(alerts, { kind: "clear" })).toEqual([]);
  });
});
