// Fixed, test-only secrets (never used outside the test run).
export const TEST_ENV = {
  NEXTAUTH_SECRET: "test-nextauth-secret-0123456789abcdef0123456789",
  IMPERSONATION_SECRET: "test-impersonation-secret-0123456789abcdef012345",
  SURVEY_CODE_SECRET: "test-survey-code-secret-0123456789abcdef012345",
  PAYMENT_DATA_KEY: "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
  APP_URL: "http://localhost:3999",
  MAIL_DIR: ".data/test-mail",
  SMS_DIR: ".data/test-sms",
} as const;
