// /admin/dashboard and unknown /admin/* paths show the admin dashboard (000 §2).
export { default, metadata } from "@/app/admin/page";
