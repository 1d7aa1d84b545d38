import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Units beside their source; route handlers and queries against a real database engine. */
const config = {
  testEnvironment: "node",
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  testPathIgnorePatterns: ["/node_modules/", "/e2e/", "/.next/"],
  maxWorkers: 2,
  testTimeout: 60_000,
};

export default createJestConfig(config);
