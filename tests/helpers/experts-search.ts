import { NextRequest } from "next/server";
import { POST } from "@/app/api/experts-search/route";

/** POST /api/experts-search through its real handler: a JSON body (or raw text) and an optional bearer token. */
export const postExpertsSearch = (body: unknown, token?: string) =>
  POST(
    new NextRequest("http://localhost/api/experts-search", {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
