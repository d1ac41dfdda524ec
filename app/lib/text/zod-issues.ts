import type { z } from "zod";

/** A zod error as lines a person reads in a terminal: the field's path, then what is wrong with it. */
export function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  - ${issue.path.join(".") || "(root)"}: ${issue.message}`).join("\n");
}
