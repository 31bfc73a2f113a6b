// /expert/* shows the expert dashboard, so it loads the same way.
export { default } from "@/app/dashboard/loading";
