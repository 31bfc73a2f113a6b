// Per unit test file: the test secrets and no database. Unit tests check pure rules; a module
// that reaches for PostgreSQL here fails at once on a port nothing listens on, which says the
// test belongs in tests/integration (where each file gets its own database).
import { TEST_ENV } from "./test-env";

Object.assign(process.env, TEST_ENV, { DATABASE_URL: "postgresql://unit-tests-have-no-database@127.0.0.1:9/none" });
