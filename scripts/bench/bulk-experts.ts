// Synthetic experts in bulk, straight in SQL (bench:directory and bench:render's large population).
import pg from "pg";

/** Secondary indexes of a table, to drop before a bulk load into an empty table and rebuild after (much faster than maintaining them row by row). */
async function secondaryIndexes(pool: pg.Pool, table: string) {
  const { rows } = await pool.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = $1
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  return rows;
}

// Synthetic districts (as many as the US has, about 13,000) over every locale group, enrollment
// band and poverty quartile, and one expert in three linked to one of them (a school e-mail
// that names its district), so the district filters have a realistic share to find.
const DISTRICTS = 13_000;
// Hashed, so which district an expert has is independent of their other synthetic values (a
// multiple of n tied a district's cell to n's last digit, and so to the verification status).
const districtOf = (n: string) => `lpad((1 + (hashint4(${n})::bigint & 2147483647) % ${DISTRICTS})::text, 7, '0')`;

async function seedDistricts(pool: pg.Pool) {
  // Its own districts, beside any a seed put there (the demo seed's samples).
  if (Number((await pool.query("SELECT count(*) FROM districts WHERE name LIKE 'Bench District %'")).rows[0].count) > 0) return false;
  await pool.query(
    `INSERT INTO districts (leaid, name, state, locale_group, enrollment_band, poverty_quartile, updated_at)
     SELECT lpad(g::text, 7, '0'), 'Bench District ' || g, (ARRAY['CA','TX','NY','FL','IL','PA'])[1 + g % 6],
       (ARRAY['city','suburb','town','rural'])[1 + g % 4]::"DistrictLocaleGroup",
       (ARRAY['under_1000','from_1000_to_4999','from_5000_to_24999','from_25000_to_99999','at_least_100000'])[1 + (g / 4) % 5]::"DistrictEnrollmentBand",
       1 + (g / 20) % 4, now()
     FROM generate_series(1, $1::int) g
     ON CONFLICT DO NOTHING`,
    [DISTRICTS],
  );
  return true;
}

/**
 * Brings the synthetic experts (and their users) up to `total`, with districts, in SQL: the bulk
 * loader of bench:directory and of bench:render's large population. Secondary indexes are
 * dropped and rebuilt around a large first load.
 */
export async function seedExperts(pool: pg.Pool, total: number) {
  const fresh = await seedDistricts(pool);
  const have = Number((await pool.query("SELECT count(*) FROM experts")).rows[0].count);
  if (fresh && have > 0) {
    // A database seeded before the districts: link its experts as a fresh seed would have.
    const t = Date.now();
    await pool.query(
      `UPDATE experts e SET district_leaid = ${districtOf("u.n")}
       FROM (SELECT id, substring(email from 7 for position('@' in email) - 7)::int AS n FROM users WHERE email LIKE 'bench-%') u
       WHERE u.id = e.user_id AND u.n % 3 = 0`,
    );
    console.log(`  linked existing experts to districts in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  const add = total - have;
  // A reused database may just have been migrated (a rewrite clears the visibility map).
  if (add <= 0) return void (await pool.query("VACUUM ANALYZE experts"));
  const t = Date.now();
  const rebuild =
    have === 0 && add >= 50_000 ? [...(await secondaryIndexes(pool, "experts")), ...(await secondaryIndexes(pool, "users"))] : [];
  for (const { indexname } of rebuild) await pool.query(`DROP INDEX "${indexname}"`);
  // The indexes come back even when the load fails: a database left without them would be
  // reused by the next run and measured as sequential scans.
  try {
    // Synthetic rows in SQL (fast), spread over every filterable value.
    await pool.query(
      `WITH u AS (
         INSERT INTO users (id, email, first_name, last_name, updated_at)
         SELECT gen_random_uuid(), 'bench-' || g || '@example.org', 'Bench', 'Expert ' || g, now() FROM generate_series($1::int + 1, $1::int + $2::int) g
         RETURNING id, substring(email from 7 for position('@' in email) - 7)::int AS n)
       INSERT INTO experts (id, user_id, role_title, organization_name, department, state, bio, verification_status, is_public_profile,
         years_experience, tags, tools_platforms, district_type, district_size, urbanicity, availability_status,
         hourly_rate_min_cents, hourly_rate_max_cents, pulse_score, show_rates, show_experience, show_organization, created_at, updated_at,
         district_leaid)
       SELECT gen_random_uuid(), u.id,
         (ARRAY['Principal','Teacher','Superintendent','Curriculum Director','Technology Coordinator','Assistant Principal'])[1 + n % 6],
         'District ' || (n % 5000), (ARRAY['Mathematics','English','Science','Social Studies','Special Education','Technology'])[1 + n % 6],
         (ARRAY['CA','TX','NY','FL','IL','PA'])[1 + (n / 7) % 6],
         CASE WHEN n % 97 = 0 THEN 'Coaches robotics and literacy teams' ELSE 'Experienced K-12 educator number ' || n END,
         (CASE WHEN n % 10 < 8 THEN 'verified' WHEN n % 10 = 8 THEN 'pending' ELSE 'rejected' END)::"VerificationStatus", n % 23 <> 0,
         n % 31, ARRAY[(ARRAY['Curriculum Development','Assessment','Technology Integration','Leadership','Professional Development'])[1 + n % 5]],
         ARRAY[(ARRAY['Google Classroom','Canvas','Blackboard','Zoom','Microsoft Teams'])[1 + (n / 3) % 5]],
         (ARRAY['public','charter','private'])[1 + (n / 11) % 3]::"DistrictType", (ARRAY['small','medium','large'])[1 + (n / 13) % 3]::"DistrictSize",
         (ARRAY['urban','suburban','rural'])[1 + (n / 17) % 3]::"Urbanicity", (ARRAY['available','limited','busy','unavailable'])[1 + (n / 19) % 4]::"AvailabilityStatus",
         5000 + (n % 25) * 1000, 9000 + (n % 25) * 1200, n % 101, n % 9 <> 0, n % 8 <> 0, n % 7 <> 0,
         now() - (n || ' minutes')::interval, now(),
         CASE WHEN n % 3 = 0 THEN ${districtOf("n")} END
       FROM u`,
      [have, add],
    );
  } finally {
    if (rebuild.length) {
      const client = await pool.connect();
      try {
        await client.query("SET maintenance_work_mem = '256MB'");
        for (const { indexdef } of rebuild) await client.query(indexdef);
      } finally {
        client.release();
      }
    }
  }
  // VACUUM sets the visibility map (as autovacuum would), so counts can use index-only scans.
  await pool.query("VACUUM ANALYZE experts");
  await pool.query("VACUUM ANALYZE users");
  console.log(`  seeded ${add.toLocaleString()} experts in ${((Date.now() - t) / 1000).toFixed(1)} s (total ${total.toLocaleString()})`);
}
