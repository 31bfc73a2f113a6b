// Unknown /client/* paths show the client dashboard (000 §2).
export { default, metadata } from "@/app/client/dashboard/page";
