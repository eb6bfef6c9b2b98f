// Node 20 needs this to load the parser's JSON schema (an import without a type attribute).
export async function load(url, context, nextLoad) {
  if (url.endsWith(".json")) return nextLoad(url, { ...context, importAttributes: { type: "json" } });
  return nextLoad(url, context);
}
