import { resetServerEnv } from "./env";
import { resetPublicEnv } from "./public";

/**
 * Sets (a string) or removes (undefined) environment variables, for a test or a script, and makes
 * the configuration read them again. Returns the function that puts back what was there.
 */
export function setEnv(vars: Readonly<Record<string, string | undefined>>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  apply(vars);
  return () => apply(saved);
}

function apply(vars: Readonly<Record<string, string | undefined>>): void {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetServerEnv();
  resetPublicEnv();
}

/** The environment for a child process: this one's, with these changes. */
export function childEnv(vars: Readonly<Record<string, string | undefined>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}
