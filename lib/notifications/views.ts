// The shapes services hand to pages and components, so a service and the component that shows
// its result share one type.

/** One row of the header's notifications menu (the signed-in person's own). */
export type NotificationItem = {
  id: string;
  kind: string;
  title: string;
  body: string;
  /** An in-app path. */
  href: string;
  readAt: Date | null;
  createdAt: Date;
};
