// /expert/dashboard and any other /expert/* path show the expert dashboard.
export { default, metadata } from "@/app/dashboard/page";
