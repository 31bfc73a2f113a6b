// `npm run db:seed` (and `npm run demo`): the idempotent demo seed.
import { seedDemoData } from "@/lib/site/demo-seed";
import { db } from "@/lib/platform/db";

const started = Date.now();
const result = await seedDemoData().catch(async (e: unknown) => {
  console.error(`[k12] The demo seed was refused: ${e instanceof Error ? e.message : e}`);
  await db().$disconnect();
  process.exit(1);
});
const s = result.stats;
console.log(
  `[k12] ${result.message} in ${Date.now() - started} ms: ${s.clients} client, ${s.experts} experts, ${s.projects} project, ${s.shortlists} shortlists, ${s.invites} invites, ${s.schedules} schedules.`,
);
await db().$disconnect();
