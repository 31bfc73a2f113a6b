import "server-only";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/auth/session";

/** Client features are for clients and admins (000 §6); experts and visitors are refused. */
export function assertClientActor(actor: Actor | null): asserts actor is Actor {
  if (!actor) throw new AppError("UNAUTHENTICATED", "No authentication token");
  if (!actor.roles.includes("client") && !actor.roles.includes("admin")) {
    throw new AppError("FORBIDDEN", `This area requires client or admin access. You are signed in as ${actor.primaryRole}.`);
  }
}
