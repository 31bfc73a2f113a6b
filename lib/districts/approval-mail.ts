import { composeMail, line, listLine, titled } from "@/lib/platform/mail/content";

// The e-mails of a study's district research approval: the request to the district's officers
// (who answer in their office page) or to the office's address (a read-only link that needs no
// account), and each answer to the researcher who asked.

const WHY_OFFICE =
  "A study on K12 Experts asks to recruit your district's staff, and your district's research office answers such requests.";

export type RequestFacts = { organization: string; title: string; askOfStaff: string };

/** The request as an officer with an account reads it: answered in their research office. */
export function approvalRequestToOfficerMail(firstName: string, packet: RequestFacts, officeUrl: string) {
  return composeMail({
    subject: `Research approval requested: ${packet.title} (${packet.organization})`,
    firstName,
    body: [line`${packet.organization} asks your district to approve ${titled(packet.title)}: ${packet.askOfStaff}.`],
    action: { label: "Review and answer it in your research office", href: officeUrl },
    why: WHY_OFFICE,
  });
}

/** The request as the office's own address reads it: a link to answer it without an account. */
export function approvalRequestToOfficeMail(packet: RequestFacts, reviewUrl: string, linkDays: number) {
  return composeMail({
    subject: `Research approval requested: ${packet.title} (${packet.organization})`,
    firstName: null,
    body: [
      line`${packet.organization} asks your district's research office to approve ${titled(packet.title)}: ${packet.askOfStaff}.`,
      line`Read the request and answer it (approve, decline or ask a question) without an account. The link is read-only and expires in ${String(linkDays)} days.`,
    ],
    action: { label: "Read and answer the request", href: reviewUrl },
    why: WHY_OFFICE,
  });
}

/** One step of the approval (an answer, a question, a withdrawal), to the researcher who asked. */
export function approvalStepMail(firstName: string, facts: { projectTitle: string; headline: string; note: string | null; link: string }) {
  return composeMail({
    subject: `${facts.projectTitle}: ${facts.headline}`,
    firstName,
    body: [line`${facts.headline} for ${titled(facts.projectTitle)}.`, ...(facts.note ? [line`“${facts.note}”`] : [])],
    action: { label: "See the study's district approvals", href: facts.link },
    why: "You asked a district's research office to approve a study on K12 Experts.",
  });
}

/** The officer's daily digest: only sent when a request arrived since the last one. */
export function officerDigestMail(
  firstName: string,
  facts: { district: string; fresh: { title: string; organization: string }[]; waiting: number; officeUrl: string },
) {
  const n = facts.fresh.length;
  return composeMail({
    subject: `${facts.district}: ${n} new research ${n === 1 ? "request" : "requests"} to answer`,
    firstName,
    body: [
      line`${n === 1 ? "A study asked" : `${String(n)} studies asked`} your district's research office for approval since our last digest:`,
      listLine(facts.fresh.map((f) => `${f.title} (${f.organization})`)),
      line`${String(facts.waiting)} ${facts.waiting === 1 ? "request waits" : "requests wait"} for an answer in all.`,
    ],
    action: { label: "Answer them in your research office", href: facts.officeUrl },
    why: "You are a research officer of your district on K12 Experts. The digest comes only on days with new requests.",
  });
}

/** A colleague's invitation to become one of the district's research officers. */
export function officerInviteMail(facts: { district: string; inviter: string; signUpUrl: string; officeUrl: string }) {
  return composeMail({
    subject: `${facts.inviter} invites you to ${facts.district}'s research office on K12 Experts`,
    firstName: null,
    body: [
      line`${facts.inviter} added you as a research officer of ${facts.district}: you would publish the district's research policy and answer studies that ask to recruit its staff.`,
      line`Create an account with this school e-mail address (or confirm it as your school e-mail in Settings). Once it is verified on the district's domain, your research office opens at ${facts.officeUrl}.`,
    ],
    action: { label: "Create your account", href: facts.signUpUrl },
    why: "An officer of your district's research office invited this address.",
  });
}
