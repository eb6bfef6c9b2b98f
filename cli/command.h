// One command of the command line. Each cli/<command>.cc registers its
// subcommand with only the flags it reads, and returns how to run it.
//
// The flags are registered through this narrow interface rather than CLI11's
// own: CLI11 is header-only, and every file that includes it compiles its
// whole parser again (13 s a file at -O3, 23 s under ASan). Only command.cc
// includes it.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace fuzzycron::cli {

// A registered flag; its setters chain.
class Flag {
 public:
  explicit Flag(CLI::Option* option) : option_(option) {}
  Flag& required();
  Flag& show_default();  // --help shows the value it starts with
  Flag& excludes(const Flag& other);
  Flag& needs(const Flag& other);
  Flag& env(const std::string& variable);  // taken from this environment variable when not given
  Flag& hidden();                          // accepted, not listed by --help (old spellings)
  bool given() const;                      // on the command line (once it is parsed)

 private:
  CLI::Option* option_;
};

// A subcommand: its flags write into the variables given here.
class Subcommand {
 public:
  explicit Subcommand(CLI::App* app) : app_(app) {}
  Flag option(const std::string& names, std::string& into, const std::string& help);
  Flag option(const std::string& names, int& into, const std::string& help);
  Flag option(const std::string& names, std::size_t& into, const std::string& help);
  Flag option(const std::string& names, double& into, const std::string& help);
  Flag option(const std::string& names, std::optional<int>& into, const std::string& help);
  Flag option(const std::string& names, std::vector<std::string>& into, const std::string& help);
  Flag flag(const std::string& names, bool& into, const std::string& help);
  void footer(const std::string& text);
  bool given() const;  // this subcommand was the one named

 private:
  CLI::App* app_;
};

struct Command {
  Subcommand sub;
  std::function<int()> run;  // runs it once the command line is parsed; the exit status
};

// What completion scripts and the man page need to know of a subcommand.
struct OptionInfo {
  std::vector<std::string> names;  // "-d", "--dialect"
  bool takes_value = false;
  std::string description;
};
struct CommandInfo {
  std::string name, description;
  std::vector<OptionInfo> options;
  bool takes_files = false;  // a positional argument (a file or an expression)
};

// The whole command line: its subcommands, parsing, dispatch and the errors
// every command prints the same way.
class CommandLine {
 public:
  CommandLine(const std::string& description, const std::string& footer, const std::string& version);
  ~CommandLine();

  Subcommand add(const std::string& name, const std::string& description);
  // Parses, runs the command named, and returns the exit status: 2 for a
  // usage error or bad input (fuzzycron::Error), 1 for a failure while running.
  int run(int argc, char** argv, const std::vector<Command>& commands);
  std::vector<CommandInfo> describe() const;

 private:
  std::unique_ptr<CLI::App> app_;
};

Command add_next(CommandLine& line);
Command add_prev(CommandLine& line);
Command add_batch(CommandLine& line);
Command add_resolve(CommandLine& line);
Command add_offset(CommandLine& line);
Command add_explain(CommandLine& line);
Command add_lint(CommandLine& line);
Command add_spread(CommandLine& line);
Command add_export(CommandLine& line);
Command add_run(CommandLine& line);
Command add_completion(CommandLine& line);
Command add_cluster(CommandLine& line);
Command add_runs(CommandLine& line);
Command add_balance(CommandLine& line);
Command add_due(CommandLine& line);

// `fuzzycron batch`'s loop, for the fuzz target: JSON Lines in, JSON Lines out.
int run_batch(std::istream& in, std::ostream& out);

}  // namespace fuzzycron::cli
