import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { loadOwnSession } from "./load-session";

/** Answers "not found" (404) for a session that is not one of this client's project's, ahead of the streamed page. */
export default async function SessionLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string; sessionId: string }>;
}) {
  const { id, sessionId } = await params;
  if (!(await loadOwnSession(id, sessionId))) notFound();
  return children;
}
