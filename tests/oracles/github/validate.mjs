// Parses workflow files with GitHub's own parser (@actions/workflow-parser, the
// language service's) and prints each file's schedule or its errors; exit 1
// when any file has an error. Run: node --import ./register.mjs validate.mjs FILE...
import { parseWorkflow, convertWorkflowTemplate, NoOperationTraceWriter } from "@actions/workflow-parser";
import { readFileSync } from "node:fs";

let bad = 0;
for (const path of process.argv.slice(2)) {
  const result = parseWorkflow({ name: path, content: readFileSync(path, "utf8") }, new NoOperationTraceWriter());
  const template = result.value ? await convertWorkflowTemplate(result.context, result.value) : undefined;
  const errors = [...result.context.errors.getErrors()].map((e) => e.message);
  if (errors.length) {
    bad++;
    console.log(`${path}: ${errors.join("; ")}`);
  } else {
    console.log(`${path}: ${JSON.stringify((template?.events?.schedule ?? []).map((s) => s.cron))}`);
  }
}
process.exit(bad ? 1 : 0);
