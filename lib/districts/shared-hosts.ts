// Hosts that never vouch for one school district by themselves, whatever the district directory
// says. The NCES files list a district's website as the district reported it, and some report a
// host they share with people who do not work for the district: the town's or county's site, a
// state office, a university that runs a lab school, the company that hosts their web pages. A
// mailbox on such a host proves a job at the town, the state, the university or the vendor, not
// at the school. An e-mail domain on one of these (or under one) therefore never earns the
// "School e-mail verified" badge or a district link automatically: it goes to the admin's domain
// review, where the admin can accept it (the admin's district list always wins, so a district
// that really mails from schools.nyc.gov or fcps.edu is accepted once, by hand).
//
// The one list. Pure, so the review pages, the confirmation and the tests read the same rules.

export type SharedHostKind = "government" | "locality" | "university" | "state_k12" | "hosting";

export type SharedHost = { apex: string; kind: SharedHostKind };

/**
 * Top-level domains whose every host belongs to a government or a university. `.gov` and `.mil`
 * are federal, state, county and city governments (school districts are a small minority there);
 * `.edu` has been limited to colleges and universities since 2001.
 */
const GOVERNMENT_TLDS = ["gov", "mil"];
const UNIVERSITY_TLDS = ["edu"];

/**
 * Web and mail hosting shared by many customers. A district that lists one of these as its
 * website (a page on a site builder, a school-website vendor) names the vendor's domain, and a
 * mailbox there belongs to the vendor's staff or to anyone who signed up. `onmicrosoft.com` is
 * the address every Microsoft 365 tenant gets, which anyone can create under any name.
 */
const HOSTING_APEXES = [
  // General site builders and clouds.
  "google.com",
  "googleusercontent.com",
  "blogspot.com",
  "wordpress.com",
  "wix.com",
  "wixsite.com",
  "weebly.com",
  "squarespace.com",
  "godaddysites.com",
  "webs.com",
  "yolasite.com",
  "jimdo.com",
  "github.io",
  "netlify.app",
  "vercel.app",
  "herokuapp.com",
  "azurewebsites.net",
  "amazonaws.com",
  "cloudfront.net",
  "facebook.com",
  "onmicrosoft.com",
  // School-website vendors whose customers' pages live on the vendor's own domain.
  "edlio.com",
  "schoolwires.net",
  "schoolwires.com",
  "finalsite.com",
  "finalsite.net",
  "schoolloop.com",
  "schoolinsites.com",
  "thrillshare.com",
  "schoolpointe.com",
  "eschoolview.com",
  "schooldesk.net",
  "rschooltoday.com",
  "educationalnetworks.net",
  // An online-school company whose many virtual charter schools list its site.
  "k12.com",
];

/** First labels that name a city, town, village, borough, township or county on any top-level domain. */
const LOCALITY_LABEL = /^(cityof|townof|villageof|boroughof|townshipof|countyof)[a-z0-9-]+$/;

/** `k12.<st>.us`: the state's K-12 namespace, whose apex is the state's (South Dakota mails every teacher from k12.sd.us). */
const STATE_K12_APEX = /^k12\.[a-z]{2}\.us$/;
/** Anything under `<st>.us` outside `k12.<st>.us`: state offices (state.<st>.us), cities (ci.…), counties (co.…), towns, colleges. */
const LOCALITY_US = /\.[a-z]{2}\.us$/;
const UNDER_STATE_K12 = /(^|\.)k12\.[a-z]{2}\.us$/;

const under = (domain: string, apex: string) => domain === apex || domain.endsWith(`.${apex}`);

/**
 * The shared host a domain is (or sits under), or null. `domain` is lowercase, without "www."
 * (as stored on the expert). Subdomains of `k12.<st>.us` are not shared hosts: the state
 * delegates each to one district or school.
 */
export function sharedHostOf(domain: string): SharedHost | null {
  const labels = domain.split(".");
  const tld = labels[labels.length - 1];
  const apexOf = (n: number) => labels.slice(-n).join(".");
  if (GOVERNMENT_TLDS.includes(tld)) return { apex: apexOf(2), kind: "government" };
  if (UNIVERSITY_TLDS.includes(tld)) return { apex: apexOf(2), kind: "university" };
  if (STATE_K12_APEX.test(domain)) return { apex: domain, kind: "state_k12" };
  if (LOCALITY_US.test(`.${domain}`) && !UNDER_STATE_K12.test(domain))
    return { apex: apexOf(Math.min(3, labels.length)), kind: "locality" };
  const hosting = HOSTING_APEXES.find((apex) => under(domain, apex));
  if (hosting) return { apex: hosting, kind: "hosting" };
  const named = labels.findIndex((l) => LOCALITY_LABEL.test(l));
  if (named >= 0 && named === labels.length - 2) return { apex: apexOf(2), kind: "locality" };
  return null;
}

/** Why the host cannot vouch for one district, in words for the expert and the admin. */
export function sharedHostPhrase(host: SharedHost): string {
  switch (host.kind) {
    case "government":
      return `${host.apex} is a government domain that also serves offices that are not schools`;
    case "locality":
      return `${host.apex} is a city, county or state government domain that also serves offices that are not schools`;
    case "university":
      return `${host.apex} is a college or university domain`;
    case "state_k12":
      return `${host.apex} is a statewide school domain that many districts share`;
    case "hosting":
      return `${host.apex} is a hosting service that many organizations share`;
  }
}
