import "server-only";
import { cache } from "react";
import { db } from "@/lib/platform/db";

// Here, below every area, because both the expert's dashboard (experts) and the wallet and
// earnings statement (money) read it, and money must not import experts. One cached function
// keeps it one round trip per render for both.

/**
 * The expert row of a user with the columns the dashboard's and the wallet's services need (null
 * for someone with no expert profile), for callers that have made their own permission check.
 * Once per render (React's cache lives for one server render; a server action's own reads are
 * not memoised): the widgets each ask, and a dozen identical lookups were a dozen round trips.
 */
export const ownExpertRow = cache((userId: string) =>
  db().expert.findUnique({
    where: { userId },
    select: {
      id: true,
      userId: true,
      timeZone: true,
      monthlyGoal: true,
      verificationStatus: true,
      availabilityHours: true,
      preferredPaymentMethod: true,
    },
  }),
);
