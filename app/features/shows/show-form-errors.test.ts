import { describe, expect, it } from "vitest";
import { errorsAfterChange, firstBadField } from "./show-form-errors.ts";

describe("the show form's problems", () => {
  it("give the keyboard to the first bad field on the page, whatever order the server named them in", () => {
    expect(firstBadField({ status: "s", venue: "v", ticketUrl: "t" })).toBe("venue");
    expect(firstBadField({ country: "c", timeZone: "z" })).toBe("timeZone");
    expect(firstBadField({ startsLocal: "d", venue: "v" })).toBe("startsLocal");
    expect(firstBadField({})).toBeUndefined();
  });

  it("go one field at a time: changing a field takes its own problem away and leaves the others", () => {
    const errors = { venue: "Please enter the venue.", city: "Please enter the city." };
    expect(errorsAfterChange(errors, "venue")).toEqual({ city: "Please enter the city." });
    expect(errors).toEqual({ venue: "Please enter the venue.", city: "Please enter the city." });
  });

  it("take the date's problem away when the zone changes, as a skipped hour belongs to the zone", () => {
    const errors = { startsLocal: "That hour is skipped there.", venue: "Please enter the venue." };
    expect(errorsAfterChange(errors, "timeZone")).toEqual({ venue: "Please enter the venue." });
    expect(errorsAfterChange({ timeZone: "z", startsLocal: "d" }, "timeZone")).toEqual({});
  });

  it("but a change of date leaves the zone's problem", () => {
    expect(errorsAfterChange({ timeZone: "z", startsLocal: "d" }, "startsLocal")).toEqual({ timeZone: "z" });
  });

  it("stay the same when the changed field had none", () => {
    const errors = { city: "Please enter the city." };
    expect(errorsAfterChange(errors, "venue")).toBe(errors);
  });
});
