// The shapes services hand to pages and components, so a service and the component that shows
// its result share one type.

/** One of the signed-in person's live sessions on the security page (times as ISO strings). */
export type ActiveSessionRow = {
  id: string;
  kind: "browser" | "api";
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  ipAddress: string | null;
  current: boolean;
};
