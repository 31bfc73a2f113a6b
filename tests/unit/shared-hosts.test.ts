// The deny-list of hosts that never vouch for one school district by themselves.
import { describe, expect, it } from "vitest";
import { sharedHostOf, sharedHostPhrase } from "@/lib/districts/shared-hosts";

describe("sharedHostOf", () => {
  it("names government, city, county and state hosts, with the apex they sit under", () => {
    expect(sharedHostOf("schools.nyc.gov")).toEqual({ apex: "nyc.gov", kind: "government" });
    expect(sharedHostOf("army.mil")).toEqual({ apex: "army.mil", kind: "government" });
    expect(sharedHostOf("dcf.state.nj.us")).toEqual({ apex: "state.nj.us", kind: "locality" });
    expect(sharedHostOf("ci.springfield.il.us")).toEqual({ apex: "springfield.il.us", kind: "locality" });
    expect(sharedHostOf("co.pine.ca.us")).toEqual({ apex: "pine.ca.us", kind: "locality" });
    expect(sharedHostOf("cityofmaple.org")).toEqual({ apex: "cityofmaple.org", kind: "locality" });
    expect(sharedHostOf("mail.townofbirch.com")).toEqual({ apex: "townofbirch.com", kind: "locality" });
  });

  it("names universities, a state's k12 apex and shared hosting", () => {
    expect(sharedHostOf("math.stateu.edu")).toEqual({ apex: "stateu.edu", kind: "university" });
    expect(sharedHostOf("k12.sd.us")).toEqual({ apex: "k12.sd.us", kind: "state_k12" });
    expect(sharedHostOf("sites.google.com")).toEqual({ apex: "google.com", kind: "hosting" });
    expect(sharedHostOf("lusd.onmicrosoft.com")).toEqual({ apex: "onmicrosoft.com", kind: "hosting" });
    expect(sharedHostOf("edlio.com")).toEqual({ apex: "edlio.com", kind: "hosting" });
  });

  it("leaves a district's own domains alone, k12.<st>.us subdomains included", () => {
    for (const domain of [
      "harborcityusd.org",
      "lausd.net",
      "apsva.us",
      "oakmesa.k12.ca.us",
      "lincoln.oakmesa.k12.ca.us",
      "pvt.k12.ca.us",
      "notgoogle.com",
      "cityschools.org",
    ])
      expect(sharedHostOf(domain), domain).toBeNull();
  });

  it("says why in words", () => {
    expect(sharedHostPhrase({ apex: "k12.sd.us", kind: "state_k12" })).toBe(
      "k12.sd.us is a statewide school domain that many districts share",
    );
  });
});
