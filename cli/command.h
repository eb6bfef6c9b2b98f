// One command of the command line: each cli/<command>.cc registers its
// subcommand with only the flags it reads, and returns how to run it.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <iosfwd>

namespace fuzzycron::cli {

struct Command {
  CLI::App* app;             // the subcommand, to ask whether it was given
  std::function<int()> run;  // runs it once the command line is parsed; the exit status
};

Command add_next(CLI::App& app);
Command add_prev(CLI::App& app);
Command add_batch(CLI::App& app);
Command add_resolve(CLI::App& app);
Command add_offset(CLI::App& app);
Command add_explain(CLI::App& app);
Command add_lint(CLI::App& app);
Command add_spread(CLI::App& app);
Command add_export(CLI::App& app);
Command add_run(CLI::App& app);

// `fuzzycron batch`'s loop, for the fuzz target: JSON Lines in, JSON Lines out.
int run_batch(std::istream& in, std::ostream& out);

}  // namespace fuzzycron::cli
