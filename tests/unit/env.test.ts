import { describe, expect, it } from "vitest";
import { envSubset, loadEnv } from "@/lib/platform/env";

const valid = {
  DATABASE_URL: "postgresql://u:p@localhost:5432/db",
  NEXTAUTH_SECRET: "x".repeat(32),
  IMPERSONATION_SECRET: "y".repeat(32),
  PAYMENT_DATA_KEY: "ab".repeat(32),
  SURVEY_CODE_SECRET: "s".repeat(32),
};

describe("environment validation", () => {
  it("accepts a complete environment and fills defaults", () => {
    const env = loadEnv(valid);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.SMTP_URL).toBeUndefined();
  });
  it("names every missing or malformed variable", () => {
    expect(() => loadEnv({})).toThrow(/DATABASE_URL is required[\s\S]*NEXTAUTH_SECRET is required/);
    expect(() => loadEnv({ ...valid, DATABASE_URL: "mysql://x" })).toThrow("DATABASE_URL must be a postgresql:// URL");
    expect(() => loadEnv({ ...valid, PAYMENT_DATA_KEY: "short" })).toThrow("PAYMENT_DATA_KEY must be 64 hex characters");
    expect(() => loadEnv({ ...valid, NEXTAUTH_SECRET: "short" })).toThrow("NEXTAUTH_SECRET must be at least 32 characters");
    expect(() => loadEnv({ ...valid, SMTP_URL: "http://mail" })).toThrow("SMTP_URL must be an smtp:// or smtps:// URL");
  });
  it("reads the job worker's switch and concurrency", () => {
    expect(loadEnv(valid)).toMatchObject({ JOBS_DISABLED: false, JOBS_CONCURRENCY: 2 });
    expect(loadEnv({ ...valid, JOBS_DISABLED: "1", JOBS_CONCURRENCY: "4" })).toMatchObject({ JOBS_DISABLED: true, JOBS_CONCURRENCY: 4 });
    expect(() => loadEnv({ ...valid, JOBS_DISABLED: "yes" })).toThrow("JOBS_DISABLED must be 1 or 0");
    expect(() => loadEnv({ ...valid, JOBS_CONCURRENCY: "0" })).toThrow("JOBS_CONCURRENCY must be from 1 to 20");
  });
  it("reads the edge cache's purge listeners, which need Redis", () => {
    expect(loadEnv(valid).EDGE_PURGE_URLS).toEqual([]);
    expect(loadEnv({ ...valid, REDIS_URL: "redis://r:6379", EDGE_PURGE_URLS: "http://lb:8081/, http://lb2:8081" }).EDGE_PURGE_URLS).toEqual(
      ["http://lb:8081", "http://lb2:8081"],
    );
    expect(() => loadEnv({ ...valid, EDGE_PURGE_URLS: "http://lb:8081" })).toThrow("EDGE_PURGE_URLS needs REDIS_URL");
    expect(() => loadEnv({ ...valid, REDIS_URL: "redis://r:6379", EDGE_PURGE_URLS: "lb:8081" })).toThrow("EDGE_PURGE_URLS must be");
  });
  it("treats an empty variable as unset", () => {
    expect(loadEnv({ ...valid, SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });
});

describe("security settings", () => {
  it("validates TRUSTED_PROXIES, DEMO_MODE and the limit overrides", () => {
    expect(loadEnv(valid).TRUSTED_PROXIES).toBe("");
    expect(loadEnv(valid).DEMO_MODE).toBe("0");
    expect(loadEnv({ ...valid, TRUSTED_PROXIES: "127.0.0.1, 172.16.0.0/12, ::1" }).TRUSTED_PROXIES).toContain("172.16.0.0/12");
    expect(() => loadEnv({ ...valid, TRUSTED_PROXIES: "10.0.0.0/33" })).toThrow("TRUSTED_PROXIES must be a comma-separated list");
    expect(() => loadEnv({ ...valid, TRUSTED_PROXIES: "proxy.internal" })).toThrow("TRUSTED_PROXIES must be a comma-separated list");
    expect(() => loadEnv({ ...valid, DEMO_MODE: "yes" })).toThrow("DEMO_MODE must be 0 or 1");
    expect(loadEnv({ ...valid, LIMIT_REGISTRATION_PER_IP: "5" }).LIMIT_REGISTRATION_PER_IP).toBe(5);
    expect(() => loadEnv({ ...valid, LIMIT_SIGN_IN_PER_EMAIL: "0" })).toThrow("LIMIT_SIGN_IN_PER_EMAIL must be at least 1");
    expect(() => loadEnv({ ...valid, LIMIT_CONTACT_PER_IP: "lots" })).toThrow("LIMIT_CONTACT_PER_IP must be a whole number");
    expect(loadEnv({ ...valid, LIMIT_OPEN_PROJECTS_PER_ACCOUNT: "12" }).LIMIT_OPEN_PROJECTS_PER_ACCOUNT).toBe(12);
  });
});

describe("a subset of the environment", () => {
  it("checks only the named variables, by the same rules", () => {
    expect(envSubset(["DATABASE_URL", "DATABASE_POOL_MAX"], { DATABASE_URL: valid.DATABASE_URL })).toEqual({
      DATABASE_URL: valid.DATABASE_URL,
      DATABASE_POOL_MAX: 10,
    });
    expect(envSubset(["DATABASE_POOL_MAX"], { DATABASE_POOL_MAX: "25" }).DATABASE_POOL_MAX).toBe(25);
    expect(() => envSubset(["DATABASE_POOL_MAX"], { DATABASE_POOL_MAX: "lots" })).toThrow("DATABASE_POOL_MAX must be a number");
    expect(() => envSubset(["DATABASE_URL"], {})).toThrow("DATABASE_URL is required");
    expect(envSubset(["APP_URL"], { APP_URL: "" }).APP_URL).toBe("http://localhost:3000");
  });
});
