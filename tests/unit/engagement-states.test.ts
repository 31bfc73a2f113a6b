// The engagement state machine per study format: which side may make which move from which
// state, and (property-based) that no sequence of allowed moves takes a study where its format
// never goes: a survey is never scheduled, an interview or a focus group never submitted, and only
// a focus group seats anyone.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { FINAL_STATES, mayTransition, stateLabel, TRANSITIONS, type Side, type Transition } from "@/lib/engagements/states";
import type { EngagementState } from "@/lib/generated/prisma/enums";
import type { StudyFormat } from "@/lib/vocabulary/studies";

const NAMES = Object.keys(TRANSITIONS) as Transition[];
const allowedFrom = (state: EngagementState, origin: "invite" | "application", side: Side, format: StudyFormat) =>
  NAMES.filter((t) => mayTransition(t, state, origin, side, format));

describe("the moves each format allows", () => {
  it("an interview's accepted expert picks a time; a focus group's takes a seat or waits; a survey's starts it", () => {
    expect(allowedFrom("accepted", "invite", "expert", "interview").sort()).toEqual(["cancel", "schedule", "withdraw_consent"]);
    expect(allowedFrom("accepted", "invite", "expert", "focus_group").sort()).toEqual([
      "cancel",
      "join_waitlist",
      "leave_waitlist",
      "take_seat",
      "withdraw_consent",
    ]);
    expect(allowedFrom("accepted", "invite", "expert", "survey").sort()).toEqual([
      "cancel",
      "start_survey",
      "submit",
      "survey_over_quota",
      "survey_screen_out",
      "withdraw_consent",
    ]);
  });

  it("the client proposes times and sets one meeting link only on an interview; a focus group's seats share the session's", () => {
    expect(allowedFrom("accepted", "application", "client", "interview").sort()).toEqual(["cancel", "propose"]);
    expect(allowedFrom("accepted", "application", "client", "focus_group")).toEqual(["cancel"]);
    expect(allowedFrom("scheduled", "application", "client", "interview").sort()).toEqual([
      "accept_time",
      "cancel",
      "complete",
      "keep_time",
      "meeting_link",
      "no_show",
      "reschedule",
    ]);
    expect(allowedFrom("scheduled", "application", "client", "focus_group").sort()).toEqual(["cancel", "complete", "no_show"]);
  });

  it("the side that did not start an engagement answers it, in every format", () => {
    for (const format of ["interview", "survey", "focus_group"] as const) {
      expect(mayTransition("accept", "invited", "invite", "expert", format)).toBe(true);
      expect(mayTransition("accept", "invited", "invite", "client", format)).toBe(false);
      expect(mayTransition("accept", "applied", "application", "client", format)).toBe(true);
      expect(mayTransition("accept", "applied", "application", "expert", format)).toBe(false);
    }
  });

  it("names each format's states as its people read them", () => {
    expect(stateLabel("scheduled", "focus_group")).toBe("Seated");
    expect(stateLabel("completed", "focus_group")).toBe("Attended");
    expect(stateLabel("waitlisted", "focus_group")).toBe("Waitlisted");
    expect(stateLabel("accepted", "survey")).toBe("Taking part");
    expect(stateLabel("completed", "survey")).toBe("Approved");
    expect(stateLabel("scheduled", "interview")).toBe("Scheduled");
  });
});

const SEAT_MOVES: readonly Transition[] = ["take_seat", "join_waitlist", "leave_waitlist"];
const NEVER: Record<StudyFormat, EngagementState[]> = {
  interview: ["submitted", "over_quota", "rejected"],
  focus_group: ["submitted", "over_quota", "rejected"],
  survey: ["scheduled", "no_show"],
};

describe("any sequence of allowed moves", () => {
  it("property: stays inside its format's states, and nothing leaves a final state", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<StudyFormat>("interview", "survey", "focus_group"),
        fc.constantFrom<"invite" | "application">("invite", "application"),
        fc.array(fc.record({ t: fc.constantFrom(...NAMES), side: fc.constantFrom<Side>("expert", "client") }), { maxLength: 30 }),
        (format, origin, moves) => {
          let state: EngagementState = origin === "invite" ? "invited" : "applied";
          for (const m of moves) {
            if (!mayTransition(m.t, state, origin, m.side, format)) continue;
            expect(FINAL_STATES).not.toContain(state);
            if (SEAT_MOVES.includes(m.t)) expect(format).toBe("focus_group");
            state = TRANSITIONS[m.t].to;
            expect(NEVER[format]).not.toContain(state);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
