// /expert/dashboard and any other /expert/* path show the expert dashboard (000 §2).
export { default, metadata } from "@/app/dashboard/page";
