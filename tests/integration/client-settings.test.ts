import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, createAdmin, createClient, createExpert } from "@/tests/factories";
import { clientZoneOf, getClientTimeZone, setClientTimeZone } from "@/lib/accounts/client-settings";

const asClient = (user: { id: string; email: string }) => actorFor(user, ["client"]);

describe("client time zone", () => {
  it("is null until set, then the stored zone; clientZoneOf falls back to New York", async () => {
    const client = await createClient();
    expect(await getClientTimeZone(asClient(client))).toBeNull();
    expect(await clientZoneOf(client.id)).toBe("America/New_York");

    await expect(setClientTimeZone(asClient(client), "America/Chicago")).resolves.toEqual({ timeZone: "America/Chicago" });
    expect(await getClientTimeZone(asClient(client))).toBe("America/Chicago");
    expect(await clientZoneOf(client.id)).toBe("America/Chicago");
    // Any zone a browser may report, not only the six US ones of the expert form.
    await setClientTimeZone(asClient(client), "Europe/Berlin");
    expect(await clientZoneOf(client.id)).toBe("Europe/Berlin");
    await setClientTimeZone(asClient(client), "UTC");
    expect(await clientZoneOf(client.id)).toBe("UTC");
    // A user without a client profile (or no user at all) reads the default.
    expect(await clientZoneOf("7d1c2a4e-0000-4000-8000-00000000dead")).toBe("America/New_York");
  });

  it("stores the canonical spelling of the zone", async () => {
    const client = await createClient();
    await expect(setClientTimeZone(asClient(client), "  america/los_angeles ")).resolves.toEqual({ timeZone: "America/Los_Angeles" });
    expect((await db().clientProfile.findUniqueOrThrow({ where: { userId: client.id } })).timeZone).toBe("America/Los_Angeles");
  });

  it("refuses what is not an IANA zone and keeps the stored one", async () => {
    const client = await createClient();
    await setClientTimeZone(asClient(client), "America/Denver");
    for (const bad of ["Not/AZone", "EST", "+05:00", "", "America/New_York; DROP TABLE users", "x".repeat(200)]) {
      await expect(setClientTimeZone(asClient(client), bad), bad).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await expect(setClientTimeZone(asClient(client), "Mars/Olympus_Mons")).rejects.toMatchObject({ message: "Unknown time zone." });
    expect(await clientZoneOf(client.id)).toBe("America/Denver");
  });

  it("each client changes only their own profile", async () => {
    const a = await createClient();
    const b = await createClient();
    await setClientTimeZone(asClient(a), "America/Anchorage");
    expect(await getClientTimeZone(asClient(b))).toBeNull();
    // An admin viewing as client b acts on b's profile (the effective identity), never a's.
    const admin = await createAdmin();
    await setClientTimeZone(
      actorFor(b, ["client"], { impersonating: true, realUserId: admin.id, realEmail: admin.email }),
      "Pacific/Honolulu",
    );
    expect(await clientZoneOf(b.id)).toBe("Pacific/Honolulu");
    expect(await clientZoneOf(a.id)).toBe("America/Anchorage");
  });

  it("lets an admin working in the client area keep a zone too", async () => {
    const admin = await createAdmin();
    const asAdmin = actorFor(admin, ["admin"]);
    expect(await getClientTimeZone(asAdmin)).toBeNull();
    await setClientTimeZone(asAdmin, "America/Phoenix");
    expect(await getClientTimeZone(asAdmin)).toBe("America/Phoenix");
  });

  it("is refused to experts and to nobody", async () => {
    const { user } = await createExpert();
    await expect(setClientTimeZone(actorFor(user, ["expert"]), "America/Chicago")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getClientTimeZone(actorFor(user, ["expert"]))).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getClientTimeZone(null)).rejects.toMatchObject({ code: "UNAUTHENTICATED", message: "No authentication token" });
    expect(await db().clientProfile.count({ where: { userId: user.id } })).toBe(0);
  });
});
