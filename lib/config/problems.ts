/** What is wrong with one configuration variable. Never its value: it may be a secret. */
export type ConfigProblem = { variable: string; message: string };

/** Every problem of the configuration at once, one line each, naming the variable. */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    super(
      `The configuration is not valid (${count}):\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n")}`,
    );
    this.name = "ConfigError";
    this.problems = problems;
  }
}
