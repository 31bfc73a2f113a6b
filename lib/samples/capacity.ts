// Whether a sample plan can fill: a survey stops at its response quota, a focus group seats no
// more people than its sessions hold. A plan asking for more has places no one can ever take,
// which the client is told when saving and on the grid. An interview's quota is a goal the client
// may exceed, so it caps nothing. Pure: the form and the server read the same words.

/** How many people a study can take at most, and what it counts them in. */
export type PlanCapacity = { limit: number; format: "survey" | "focus_group" };

export type CapacityShortfall = {
  /** Places the plan wants beyond what the study can take. */
  over: number;
  planned: number;
  limit: number;
  message: string;
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The plan's total against the study's limit: null when every place can fill (or nothing limits it). */
export function capacityShortfall(planned: number, capacity: PlanCapacity | null): CapacityShortfall | null {
  if (!capacity || planned <= capacity.limit) return null;
  const over = planned - capacity.limit;
  const places = `${plural(over, "place", "places")} can never fill`;
  const message =
    capacity.format === "survey"
      ? `${places}: the plan wants ${planned.toLocaleString("en-US")} and the survey stops at ${plural(capacity.limit, "response", "responses")}. Lower the targets or raise the responses wanted.`
      : `${places}: the plan wants ${planned.toLocaleString("en-US")} and the focus group's sessions have ${plural(capacity.limit, "seat", "seats")}. Lower the targets or add seats or sessions.`;
  return { over, planned, limit: capacity.limit, message };
}
