import { describe, expect, it } from "vitest";
import { addSlotSchema, pulseAnswerSchema, feedbackSchema } from "@/lib/experts/schemas/dashboard";
import { SLOT_TIMES } from "@/lib/vocabulary/time";

const id = "7d9f8a2e-2c6b-4c1a-9a57-1f2d3c4b5a69";

describe("dashboard validation", () => {
  it("offers 23 half-hour times from 09:00 to 20:00", () => {
    expect(SLOT_TIMES).toHaveLength(23);
    expect([SLOT_TIMES[0], SLOT_TIMES[22]]).toEqual(["09:00", "20:00"]);
  });
  it("requires end after start and known times", () => {
    expect(addSlotSchema.safeParse({ date: "2030-01-02", startTime: "11:00", endTime: "10:00" }).success).toBe(false);
    expect(addSlotSchema.safeParse({ date: "2030-01-02", startTime: "08:00", endTime: "10:00" }).success).toBe(false);
    expect(addSlotSchema.safeParse({ date: "2030-01-02", startTime: "09:00", endTime: "09:30" }).data?.timezone).toBe("America/New_York");
  });
  it("pulse needs a rating or text; feedback needs the overall rating", () => {
    expect(pulseAnswerSchema.safeParse({ surveyId: id }).success).toBe(false);
    expect(pulseAnswerSchema.safeParse({ surveyId: id, text: "  " }).success).toBe(false);
    expect(pulseAnswerSchema.safeParse({ surveyId: id, rating: 6 }).success).toBe(false);
    expect(pulseAnswerSchema.safeParse({ surveyId: id, rating: 3 }).success).toBe(true);
    expect(feedbackSchema.safeParse({ opportunityId: id }).success).toBe(false);
    expect(feedbackSchema.safeParse({ opportunityId: id, rating: 5 }).success).toBe(true);
  });
});
