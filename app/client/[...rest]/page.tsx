// Unknown /client/* paths show the client dashboard.
export { default, metadata } from "@/app/client/dashboard/page";
