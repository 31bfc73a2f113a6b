// `npm run db:seed` (and `npm run demo`): the idempotent demo seed.
import { seedDemoData } from "@/lib/services/seed";
import { db } from "@/lib/db";

const started = Date.now();
const result = await seedDemoData();
const s = result.stats;
console.log(
  `[k12] ${result.message} in ${Date.now() - started} ms: ${s.clients} client, ${s.experts} experts, ${s.projects} project, ${s.shortlists} shortlists, ${s.invites} invites, ${s.schedules} schedules.`,
);
await db().$disconnect();
