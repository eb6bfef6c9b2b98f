// The names renamed in 0.4 still compile and mean what their new names mean,
// for one minor release (docs/api.md lists them).
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <gtest/gtest.h>

#include "fuzzycron/export.h"  // the old name of visibility.h
#include "fuzzycron/fuzzycron.h"
#include "fuzzycron/tools.h"

namespace fuzzycron {
namespace {

using namespace std::chrono_literals;

TEST(Deprecated, OldNamesMeanTheNewOnes) {
  ParseOptions o;
  o.seed = Seed({"nightly"});
  o.offset_window = 15min;  // ParseOptions::spread went in 0.5 (a union member broke designated initializers)

  EXPECT_EQ(offset(Seed({"nightly"}), 15min), seed_offset(Seed({"nightly"}), 15min));
  const Schedule s = parse("0 * * * *", o);
  EXPECT_EQ(s.spread_offset(), s.seed_offset());
  EXPECT_EQ(s.seed_offset(), 522707ms);

  const LintTarget t = LintTarget::github_actions;
  EXPECT_EQ(lint_target_name(t), "github-actions");
  EXPECT_EQ(lint_target_from_name("cron"), RunsOn::cron);

  const Crontab tab = parse_crontab("# name: backup\nH 3 * * * /backup.sh\n");
  ASSERT_EQ(tab.entries.size(), 1u);
  EXPECT_EQ(tab.entries[0].compile({}, "web-07"), tab.entries[0].parse({}, "web-07"));
  const CrontabError e = tab.entries[0].diagnostic(Error(ErrorKind::syntax, "x", "H", 1));
  EXPECT_EQ(e.column, 1);
}

}  // namespace
}  // namespace fuzzycron
