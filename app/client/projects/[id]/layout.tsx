import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { loadOwnProject } from "./load-project";

/** Answers "not found" (404) for a project that is not the client's, ahead of the streamed page. */
export default async function ProjectLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await loadOwnProject(id))) notFound();
  return children;
}
