// The order of docs/architecture.md as data, read by eslint.config.mjs: each row may import the
// rows below it and nothing else. Two folders in one row may not import each other, so an
// upward import and a cycle between folders both fail `npm run lint`. A new folder under lib/ or
// components/ must be given a row here, or its imports fail too.

/** lib/ areas, lowest first. */
export const LIB_ROWS = [
  ["generated"],
  ["vocabulary"],
  ["platform"],
  ["accounts"],
  ["meetings", "sms"],
  ["notifications"],
  ["districts"],
  ["organizations"],
  ["money"],
  ["experts"],
  ["samples"],
  ["engagements"],
  ["projects"],
  ["admin", "site"],
  ["jobs"],
];

/** components/ feature folders, lowest first (ui holds the primitives every feature uses). */
export const COMPONENT_ROWS = [
  ["ui"],
  ["charts", "consents", "public", "session", "settings", "engagements", "districts"],
  ["work-email", "layout", "auth", "ratings", "study-consent"],
  ["client", "onboarding", "directory"],
  ["billing", "organizations"],
  ["dashboard"],
  ["payments", "admin"],
];

const libType = (name) => `lib-${name}`;
const componentType = (name) => `components-${name}`;

/** The elements eslint-plugin-boundaries classifies files into. */
export function boundaryElements() {
  return [
    ...LIB_ROWS.flat().map((name) => ({ type: libType(name), pattern: `lib/${name}` })),
    ...COMPONENT_ROWS.flat().map((name) => ({ type: componentType(name), pattern: `components/${name}` })),
    { type: "app", pattern: "app" },
  ];
}

const below = (rows, index, type) => rows.slice(0, index).flat().map(type);

/**
 * One policy per element: what it may import. Everything else is refused (`default: "disallow"`).
 * Nothing imports app/; lib/ imports no component; only lib/ reaches the generated Prisma client.
 */
export function boundaryPolicies() {
  const libAreas = LIB_ROWS.flat()
    .filter((name) => name !== "generated")
    .map(libType);
  const components = COMPONENT_ROWS.flat().map(componentType);
  const policies = [];
  LIB_ROWS.forEach((row, index) => {
    for (const name of row) {
      policies.push({
        from: { element: { type: libType(name) } },
        allow: { to: { element: { types: { anyOf: [libType(name), ...below(LIB_ROWS, index, libType)] } } } },
      });
    }
  });
  COMPONENT_ROWS.forEach((row, index) => {
    for (const name of row) {
      const allowed = [componentType(name), ...below(COMPONENT_ROWS, index, componentType), ...libAreas];
      policies.push({ from: { element: { type: componentType(name) } }, allow: { to: { element: { types: { anyOf: allowed } } } } });
    }
  });
  policies.push({
    from: { element: { type: "app" } },
    allow: { to: { element: { types: { anyOf: ["app", ...components, ...libAreas] } } } },
  });
  return policies;
}
