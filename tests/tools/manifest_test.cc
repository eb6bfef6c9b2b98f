// Hash forms resolved in place (fuzzycron/manifest.h): only the schedule
// scalars of CronJobs and workflows change, each seeded as documented, in its
// own quoting style; everything else stays byte for byte.
#include "fuzzycron/manifest.h"

#include <gtest/gtest.h>

#include "fuzzycron/error.h"
#include "fuzzycron/resolve.h"
#include "fuzzycron/rfc3339.h"

namespace fuzzycron {
namespace {

ParseOptions kubernetes() {
  ParseOptions o;
  o.dialect = Dialect::kubernetes;
  return o;
}

std::string resolved(const std::string& expr, std::vector<std::string> seed, Dialect d = Dialect::kubernetes) {
  ParseOptions o;
  o.dialect = d;
  o.seed = Seed(std::move(seed));
  return resolve(expr, o);
}

// `text` with every `from` replaced by `to`, once each in order.
std::string replaced(std::string text, const std::vector<std::pair<std::string, std::string>>& edits) {
  std::size_t at = 0;
  for (const auto& [from, to] : edits) {
    at = text.find(from, at);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return text;
    text.replace(at, from.size(), to);
    at += to.size();
  }
  return text;
}

const std::string kStream = R"(# platform jobs
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  schedule: "H * * * *"   # not a CronJob: stays
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: backup
  namespace: ops
  labels: {schedule: H}
spec:
  schedule: "H H(0-5) * * *"   # nightly, spread
  timeZone: Europe/Berlin
  jobTemplate:
    spec:
      template:
        spec:
          containers:
            - name: b
              image: busybox
              env: [{name: schedule, value: "H * * * *"}]
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: report}
spec: {schedule: H/20 H * * *, suspend: false}
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: weekdays
spec:
  schedule: 'H 9 * * 1-5'
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: fixed
spec:
  schedule: "0 3 * * *"
)";

TEST(Manifest, OnlyCronJobSchedulesChange) {
  const InPlaceResult r = resolve_manifest(kStream, kubernetes());
  EXPECT_TRUE(r.problems.empty());
  const std::string backup = resolved("H H(0-5) * * *", {"ops", "backup"});
  const std::string report = resolved("H/20 H * * *", {"default", "report"});
  const std::string weekdays = resolved("H 9 * * 1-5", {"default", "weekdays"});
  // A flow mapping may not hold a plain scalar with commas: it is quoted then.
  const std::string report_text = report.find(',') == std::string::npos ? report : "'" + report + "'";
  EXPECT_EQ(r.text, replaced(kStream, {{"\"H H(0-5) * * *\"", "\"" + backup + "\""},
                                       {"schedule: H/20 H * * *", "schedule: " + report_text},
                                       {"'H 9 * * 1-5'", "'" + weekdays + "'"}}));
  ASSERT_EQ(r.changes.size(), 3u);
  EXPECT_EQ(r.changes[0].name, "ops/backup");
  EXPECT_EQ(r.changes[0].document, 2);
  EXPECT_EQ(r.changes[0].line, 16);
  EXPECT_EQ(r.changes[0].column, 14);  // the text inside the quotes
  EXPECT_EQ(r.changes[0].before, "H H(0-5) * * *");
  EXPECT_EQ(r.changes[0].after, backup);
  EXPECT_EQ(r.changes[1].name, "default/report");
  EXPECT_EQ(r.changes[2].name, "default/weekdays");
  // Resolved text has nothing left to resolve, and reads back as YAML.
  const InPlaceResult again = resolve_manifest(r.text, kubernetes());
  EXPECT_TRUE(again.changes.empty());
  EXPECT_EQ(again.text, r.text);
}

TEST(Manifest, ResolvedScheduleFiresAsTheHashedOne) {
  const InPlaceResult r = resolve_manifest(kStream, kubernetes());
  const auto from = *parse_rfc3339("2026-01-01T00:00:00Z"), to = *parse_rfc3339("2027-01-01T00:00:00Z");
  for (const auto& c : r.changes) {
    ParseOptions o = kubernetes();
    const auto slash = c.name.find('/');
    o.seed = Seed({c.name.substr(0, slash), c.name.substr(slash + 1)});
    const Schedule hashed = parse(c.before, o), plain = parse(c.after, kubernetes());
    std::vector<sys_milliseconds> a, b;
    for (auto t : hashed.fires(from, to)) a.push_back(t);
    for (auto t : plain.fires(from, to)) b.push_back(t);
    EXPECT_EQ(a, b) << c.before << " -> " << c.after;
    EXPECT_FALSE(a.empty());
  }
}

TEST(Manifest, QuotingFollowsTheScalar) {
  // Plain stays plain where YAML allows it, quotes stay the quotes they were.
  const std::string block =
      "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: j\nspec:\n  schedule: H(0-29),H(30-59) 3 * * *\n";
  const std::string after = resolved("H(0-29),H(30-59) 3 * * *", {"default", "j"});
  ASSERT_NE(after.find(','), std::string::npos) << after;
  EXPECT_EQ(resolve_manifest(block, kubernetes()).text, replaced(block, {{"H(0-29),H(30-59) 3 * * *", after}}));
  const std::string flow = "{apiVersion: batch/v1, kind: CronJob, metadata: {name: j}, spec: {schedule: H 3 * * *}}\n";
  EXPECT_EQ(resolve_manifest(flow, kubernetes()).text,
            replaced(flow, {{"H 3 * * *", resolved("H 3 * * *", {"default", "j"})}}));
  const std::string flow_list =
      "{apiVersion: batch/v1, kind: CronJob, metadata: {name: j}, spec: {schedule: 'H(0-29),H(30-59) 3 * * *'}}\n";
  EXPECT_EQ(resolve_manifest(flow_list, kubernetes()).text, replaced(flow_list, {{"H(0-29),H(30-59) 3 * * *", after}}));
  const std::string dq =
      "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: j\nspec:\n  schedule: \"H(0-29),H(30-59) 3 * * *\"\n";
  EXPECT_EQ(resolve_manifest(dq, kubernetes()).text, replaced(dq, {{"H(0-29),H(30-59) 3 * * *", after}}));
}

TEST(Manifest, BadScheduleIsReportedAndTheRestComesOut) {
  const std::string text =
      "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: broken\nspec:\n  schedule: 'H 25 * * *'\n"
      "---\n"
      "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: good\nspec:\n  schedule: H 4 * * *\n"
      "---\n"
      "apiVersion: batch/v1\nkind: CronJob\nspec:\n  schedule: H 4 * * *\n";
  const InPlaceResult r = resolve_manifest(text, kubernetes());
  ASSERT_EQ(r.problems.size(), 2u);
  EXPECT_EQ(r.problems[0].document, 1);
  EXPECT_EQ(r.problems[0].line, 6);
  EXPECT_EQ(r.problems[0].column, 16);  // the 25
  EXPECT_NE(r.problems[0].message.find("25"), std::string::npos) << r.problems[0].message;
  EXPECT_EQ(r.problems[1].document, 3);
  EXPECT_NE(r.problems[1].message.find("metadata.name"), std::string::npos) << r.problems[1].message;
  ASSERT_EQ(r.changes.size(), 1u);
  EXPECT_EQ(r.text, replaced(text, {{"H 4 * * *", resolved("H 4 * * *", {"default", "good"})}}));
}

TEST(Manifest, NotYamlOrNoCronJobThrowsWithAPosition) {
  try {
    resolve_manifest("apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: x: y\n", kubernetes());
    FAIL() << "accepted bad YAML";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::syntax);
    EXPECT_EQ(e.line(), 4);
    EXPECT_GT(e.column(), 0);
    EXPECT_EQ(e.text(), "  name: x: y");
  }
}

// Issue 24 item 1: as a Helm post-renderer, a stream without a CronJob (or
// without H) comes out as it went in.
TEST(Manifest, StreamsWithoutHPassThrough) {
  for (const std::string& text : {std::string("apiVersion: v1\nkind: Pod\n---\nkind: CronJob\napiVersion: apps/v1\n"),
                                  std::string("# only a comment\n"), std::string(""),
                                  std::string("apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: a}\n"
                                              "spec:\n  schedule: '@daily'\n---\napiVersion: batch/v1\nkind: CronJob\n"
                                              "metadata: {name: b}\nspec:\n  schedule: \"@every 2h\"\n---\n"
                                              "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\n"
                                              "spec:\n  schedule: 0 0 * * *\n")}) {
    const InPlaceResult r = resolve_manifest(text, kubernetes());
    EXPECT_EQ(r.text, text);
    EXPECT_TRUE(r.changes.empty());
    EXPECT_TRUE(r.problems.empty()) << r.problems[0].message;
  }
}

// Item 2: YAML that kubectl and Helm read.
TEST(Manifest, YamlAsKubectlReadsIt) {
  // A flow list whose ']' sits at the key's column (ossf/scorecard's controller.yaml).
  const std::string sloppy =
      "apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: sloppy\nspec:\n  schedule: 'H * * * *'\n"
      "  jobTemplate:\n    spec:\n      template:\n        spec:\n          containers:\n          - name: c\n"
      "            args: [\"--a\",\n            \"--b\"\n            ]\n";
  InPlaceResult r = resolve_manifest(sloppy, kubernetes());
  ASSERT_EQ(r.changes.size(), 1u);
  EXPECT_EQ(r.text, replaced(sloppy, {{"H * * * *", resolved("H * * * *", {"default", "sloppy"})}}));
  // CronJobs inside kind: List.
  const std::string list =
      "apiVersion: v1\nkind: List\nitems:\n- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {name: one}\n"
      "  spec: {schedule: 'H H * * *'}\n- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {name: two}\n"
      "  spec:\n    schedule: H 3 * * *\n";
  r = resolve_manifest(list, kubernetes());
  ASSERT_EQ(r.changes.size(), 2u);
  EXPECT_EQ(r.text, replaced(list, {{"H H * * *", resolved("H H * * *", {"default", "one"})},
                                    {"H 3 * * *", resolved("H 3 * * *", {"default", "two"})}}));
  // A schedule through a merge key, and an alias as the schedule: followed to the anchor.
  const std::string merged =
      "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: m}\nx-defaults: &d\n  schedule: 'H 5 * * *'\n"
      "spec:\n  <<: *d\n  suspend: false\n";
  r = resolve_manifest(merged, kubernetes());
  ASSERT_EQ(r.changes.size(), 1u) << (r.problems.empty() ? "" : r.problems[0].message);
  EXPECT_EQ(r.text, replaced(merged, {{"H 5 * * *", resolved("H 5 * * *", {"default", "m"})}}));
  const std::string aliased =
      "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: a, annotations: {at: &at 'H 6 * * *'}}\n"
      "spec:\n  schedule: *at\n";
  r = resolve_manifest(aliased, kubernetes());
  ASSERT_EQ(r.changes.size(), 1u) << (r.problems.empty() ? "" : r.problems[0].message);
  EXPECT_EQ(r.text, replaced(aliased, {{"H 6 * * *", resolved("H 6 * * *", {"default", "a"})}}));
  // One anchor for two CronJobs cannot hold each one's value: said at the anchor.
  const std::string shared =
      "x: &s 'H 7 * * *'\n---\napiVersion: batch/v1\nkind: CronJob\nmetadata: {name: p}\nspec: {schedule: *s}\n"
      "---\napiVersion: batch/v1\nkind: CronJob\nmetadata: {name: q}\nspec: {schedule: *s}\n";
  EXPECT_THROW(resolve_manifest(shared, kubernetes()), Error);  // an alias cannot cross documents
  const std::string shared_one_doc =
      "apiVersion: v1\nkind: List\nitems:\n- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {name: p}\n"
      "  spec: {schedule: &s 'H 7 * * *'}\n- apiVersion: batch/v1\n  kind: CronJob\n  metadata: {name: q}\n"
      "  spec: {schedule: *s}\n";
  r = resolve_manifest(shared_one_doc, kubernetes());
  EXPECT_EQ(r.text, shared_one_doc);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].line, 7);
  EXPECT_NE(r.problems[0].message.find("shared through an anchor"), std::string::npos);
  // A block scalar: its line changes, the indicator and indentation stay.
  const std::string block =
      "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: b}\nspec:\n  schedule: |\n    H 8 * * *\n  suspend: "
      "true\n";
  r = resolve_manifest(block, kubernetes());
  ASSERT_EQ(r.changes.size(), 1u) << (r.problems.empty() ? "" : r.problems[0].message);
  EXPECT_EQ(r.text, replaced(block, {{"H 8 * * *", resolved("H 8 * * *", {"default", "b"})}}));
}

// Item 4: "no schedule" has a position; ~ and an empty value are the same.
TEST(Manifest, NoScheduleHasAPosition) {
  for (const char* value : {" ~", "", " null"}) {
    const std::string text =
        std::string("apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: n}\nspec:\n  schedule:") + value +
        "\n  suspend: true\n";
    const InPlaceResult r = resolve_manifest(text, kubernetes());
    EXPECT_EQ(r.text, text);
    ASSERT_EQ(r.problems.size(), 1u) << value;
    EXPECT_GT(r.problems[0].line, 1);
    EXPECT_GT(r.problems[0].column, 0);
    EXPECT_NE(r.problems[0].message.find("no spec.schedule"), std::string::npos);
  }
}

TEST(Manifest, BytesThatAreNotYamlTextAreRefusedWithTheirPlace) {
  // Invalid UTF-8 in a directive line made libfyaml 0.7.12 loop forever (a
  // fuzz finding, fuzz/regressions/fuzz_manifest): checked before it parses.
  for (const std::string& text : {std::string("a: 1\n% x\x91\n"), std::string("a: 1\nb: \x1b\n"),
                                  std::string("a: 1\nb: c\0d\n", 12), std::string("a: \xe0\x80\x80\n")}) {
    try {
      resolve_manifest(text, kubernetes());
      FAIL() << "accepted " << text;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::syntax);
      EXPECT_GE(e.line(), 1);
      EXPECT_NE(e.message().find("not"), std::string::npos) << e.message();
    }
  }
  // Unicode text is read (and, with no CronJob in it, passed through).
  const std::string unicode = "a: \"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x95\x92\"\n";
  EXPECT_EQ(resolve_manifest(unicode, kubernetes()).text, unicode);
}

const std::string kWorkflow = R"(name: nightly
on:
  push:
    branches: [main]
  schedule:
    - cron: 'H H * * *'     # spread over the day
    - cron: "H/30 H(9-17) * * 1-5"
    - cron: '0 12 * * *'
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: 'echo "cron: H * * * *"'   # not a schedule
)";

TEST(Workflow, EntriesSeededByRepositoryPathAndPosition) {
  const InPlaceResult r = resolve_workflow(kWorkflow, "octo/app", ".github/workflows/nightly.yml", ParseOptions{});
  EXPECT_TRUE(r.problems.empty());
  const std::string first =
      resolved("H H * * *", {"octo/app", ".github/workflows/nightly.yml", "1"}, Dialect::standard);
  const std::string second =
      resolved("H/30 H(9-17) * * 1-5", {"octo/app", ".github/workflows/nightly.yml", "2"}, Dialect::standard);
  EXPECT_EQ(r.text, replaced(kWorkflow, {{"H H * * *", first}, {"H/30 H(9-17) * * 1-5", second}}));
  ASSERT_EQ(r.changes.size(), 2u);
  EXPECT_EQ(r.changes[0].name, "on.schedule[1]");
  EXPECT_EQ(r.changes[1].name, "on.schedule[2]");
  EXPECT_EQ(r.changes[1].line, 7);
  // Another repository or path spreads differently (with overwhelming probability
  // for the whole of both entries).
  EXPECT_NE(resolve_workflow(kWorkflow, "octo/other", ".github/workflows/nightly.yml", ParseOptions{}).text, r.text);
  EXPECT_NE(resolve_workflow(kWorkflow, "octo/app", ".github/workflows/weekly.yml", ParseOptions{}).text, r.text);
}

// Single-quoted scalars are read as YAML folds them (libfyaml leaks when it
// formats one with many '' escapes, so the library reads these itself).
TEST(Workflow, SingleQuotedScalarsFoldAsYaml) {
  const std::string folded = "on:\n  schedule:\n    - cron: 'H\n        H  * * *'\n";
  const InPlaceResult r = resolve_workflow(folded, "a/b", "w.yml", ParseOptions{});
  ASSERT_EQ(r.changes.size(), 1u);
  EXPECT_EQ(r.changes[0].before, "H H  * * *");
  const std::string quotes = "on:\n  schedule:\n    - cron: '" + std::string(40, '\'') + "0 * * * *'\n";
  const InPlaceResult q = resolve_workflow(quotes, "a/b", "w.yml", ParseOptions{});
  ASSERT_EQ(q.problems.size(), 1u);  // twenty quotes are not a cron field
  EXPECT_EQ(q.text, quotes);
}

// Item 3: crons read in GitHub's grammar; references to a resolved cron follow it,
// and one left naming no cron of the workflow is an error at its line.
TEST(Workflow, GitHubsGrammarAndReferences) {
  ParseOptions o;
  const std::string bad = "on:\n  schedule:\n    - cron: 'H H * * 7'\n    - cron: '0 0 * * * *'\n";
  InPlaceResult r = resolve_workflow(bad, "o/r", ".github/workflows/x.yml", o);
  ASSERT_EQ(r.problems.size(), 2u);
  EXPECT_EQ(r.problems[0].line, 3);
  EXPECT_NE(r.problems[0].message.find("day-of-week"), std::string::npos) << r.problems[0].message;
  EXPECT_EQ(r.problems[1].line, 4);
  const std::string refs =
      "on:\n  schedule:\n    - cron: 'H 1 * * 1-5'\n    - cron: 'H 2 * * 1-5'\njobs:\n  a:\n"
      "    if: github.event.schedule == 'H 1 * * 1-5'\n  b:\n    if: contains(github.event.schedule, 'H 2 * * 1-5')\n";
  r = resolve_workflow(refs, "o/r", ".github/workflows/x.yml", o);
  EXPECT_TRUE(r.problems.empty()) << r.problems[0].message;
  ParseOptions seeded = o;
  seeded.seed = Seed({"o/r", ".github/workflows/x.yml", "1"});
  const std::string one = resolve("H 1 * * 1-5", seeded);
  seeded.seed = Seed({"o/r", ".github/workflows/x.yml", "2"});
  const std::string two = resolve("H 2 * * 1-5", seeded);
  EXPECT_EQ(r.text,
            replaced(refs, {{"H 1 * * 1-5", one}, {"H 2 * * 1-5", two}, {"H 1 * * 1-5", one}, {"H 2 * * 1-5", two}}));
  // scality/metalk8s crons.yaml: a matrix of crons compared with github.event.schedule.
  const std::string matrix =
      "on:\n  schedule:\n    - cron: \"H H(0-3) * * 1-5\"\njobs:\n  x:\n    strategy:\n      matrix:\n"
      "        include:\n          - cron: \"0 1 * * 1-5\"\n    steps:\n      - if: github.event.schedule == "
      "matrix.cron\n        run: true\n";
  r = resolve_workflow(matrix, "o/r", ".github/workflows/x.yml", o);
  ASSERT_EQ(r.problems.size(), 1u);
  EXPECT_EQ(r.problems[0].line, 9);
  EXPECT_NE(r.problems[0].message.find("never run"), std::string::npos);
}

TEST(Workflow, NoScheduleIsAnError) {
  EXPECT_THROW(resolve_workflow("on: push\njobs: {}\n", "a/b", "w.yml", ParseOptions{}), Error);
  EXPECT_THROW(resolve_workflow("on:\n  schedule: 'nope'\n", "a/b", "w.yml", ParseOptions{}), Error);
  EXPECT_THROW(resolve_workflow("on: [push\n", "a/b", "w.yml", ParseOptions{}), Error);
}

// What `balance` reads: each schedule with the seed resolve draws it with, so a
// lock made from the list places the very values resolve_* writes.
TEST(Schedules, ListedWithTheSeedsResolveUses) {
  const std::string yaml =
      "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: a, namespace: ops}\nspec:\n  schedule: 'H * * * *'\n"
      "---\napiVersion: batch/v1\nkind: CronJob\nmetadata: {name: b}\nspec:\n  schedule: |\n    0 3 * * *\n"
      "---\napiVersion: batch/v1\nkind: CronJob\nspec:\n  schedule: H H * * *\n";
  const auto found = manifest_schedules(yaml);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].expression, "H * * * *");
  EXPECT_EQ(found[0].seed, Seed({"ops", "a"}));
  EXPECT_EQ(found[0].line, 5);
  EXPECT_EQ(found[0].column, 14);
  EXPECT_EQ(found[1].expression, "0 3 * * *");  // a block scalar, as resolve reads it
  EXPECT_EQ(found[1].seed, Seed({"default", "b"}));
  EXPECT_TRUE(found[2].seed.parts().empty());  // no name: nothing to seed with
  ParseOptions o;
  o.seed = found[0].seed;
  const InPlaceResult r = resolve_manifest(yaml, ParseOptions{});
  ASSERT_FALSE(r.changes.empty());
  EXPECT_EQ(r.changes[0].after, resolve(found[0].expression, o));
  ASSERT_EQ(r.schedules.size(), found.size());  // resolve lists what it read: no second reading needed
  for (std::size_t i = 0; i < found.size(); ++i) EXPECT_EQ(r.schedules[i].seed, found[i].seed);

  const std::string workflow = "on:\n  schedule:\n    - cron: H H * * *\n    - cron: '5 4 * * *'\n";
  const auto crons = workflow_schedules(workflow, "o/r", ".github/workflows/w.yml");
  ASSERT_EQ(crons.size(), 2u);
  EXPECT_EQ(crons[1].seed, Seed({"o/r", ".github/workflows/w.yml", "2"}));
  EXPECT_EQ(crons[1].expression, "5 4 * * *");
  EXPECT_THROW(workflow_schedules("on: push\n", "o/r", "w.yml"), Error);
  EXPECT_THROW(manifest_schedules("a: [\n"), Error);
}

}  // namespace
}  // namespace fuzzycron
