// The checks of one line of an expression (lint's FC1xx-FC6xx), and the
// advice that fits them to where the schedule runs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fuzzycron/lint.h"
#include "fuzzycron/parse.h"
#include "fuzzycron/syntax.h"
#include "fuzzycron/time_zone.h"

namespace fuzzycron::tools {

using Field = FieldSyntax;

// What the schedule's target reads, and how to give a job H's value there.
struct Advice {
  RunsOn target = RunsOn::fuzzycron;
  const ParseOptions* seeded = nullptr;  // the job's real seed, or none

  bool reads_hash() const { return reads_hash_forms(target); }
  // " --seed a --seed b" for the command that derives a job's value.
  std::string seed_flags() const;
  // Where H goes, the target's own words for it; elsewhere the value H gives
  // this job. {suggestion, advice text}.
  std::pair<std::string, std::string> hashed(const std::string& with_hash, std::string_view field_text,
                                             std::string_view what) const;
};

// Checks of one line of an expression. Columns and rewrites are relative to
// line.text; the caller moves them into place.
class LineLint {
 public:
  LineLint(const LineSyntax& line, const ParseOptions& options, const Advice& advice, std::vector<Finding>& out)
      : line_(line), options_(options), advice_(advice), out_(out) {}

  const std::optional<Field>& field(FieldId id) const { return line_.fields[static_cast<int>(id)]; }

  void add(std::string code, Severity severity, int column, std::string message, std::string suggestion = {});

  // line.text with `field` replaced by `text`.
  std::string rewrite(const Field& f, std::string_view text) const;

  bool has_hash() const;

  // FC101-FC103: the habits Jenkins warns about, where H spreads a fleet's load.
  // `never`: the schedule never fires (FC401 says so; nothing to spread).
  void spread_habits(bool never);

  // FC202 (uneven steps across a cycle) and FC601 (hash ranges against steps).
  void steps();

  void hash_range(const Term& t, const std::string& unit);

  // FC201: day-of-month steps restart each month. `resolved`: this line with
  // its hash forms drawn.
  void day_cycles(const LineSyntax& resolved, std::int64_t from_day);

  // FC302: furiko (standard format) ends a day-of-week range written to
  // Sunday (7, 0, SUN) on Saturday, and runs a/n to Saturday only, where
  // cron would include Sunday.
  void furiko_sunday();

  // FC301: Vixie's OR of two restricted day fields.
  void day_or();

  // FC501/FC502: fixed local times in a DST gap or overlap in the coming
  // year. `resolved`: this line with its hash forms drawn; `check`: the
  // options it was drawn with.
  void dst(const LineSyntax& resolved, const ParseOptions& check, TimeZone zone, std::int64_t from);

 private:
  const LineSyntax& line_;
  const ParseOptions& options_;
  const Advice& advice_;
  std::vector<Finding>& out_;
};

}  // namespace fuzzycron::tools
