// This file's interface is command.h: the one translation unit that compiles CLI11.
#include "command.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>

#include "fuzzycron/error.h"
#include "options.h"
#include "suggest.h"

namespace fuzzycron::cli {

Flag& Flag::required() {
  option_->required();
  return *this;
}
Flag& Flag::show_default() {
  option_->capture_default_str();
  return *this;
}
Flag& Flag::excludes(const Flag& other) {
  option_->excludes(other.option_);
  return *this;
}
Flag& Flag::needs(const Flag& other) {
  option_->needs(other.option_);
  return *this;
}
Flag& Flag::env(const std::string& variable) {
  option_->envname(variable);
  return *this;
}
Flag& Flag::hidden() {
  option_->group("");
  return *this;
}
bool Flag::given() const { return option_->count() > 0; }

Flag Subcommand::option(const std::string& names, std::string& into, const std::string& help) {
  return Flag(app_->add_option(names, into, help));
}
Flag Subcommand::option(const std::string& names, int& into, const std::string& help) {
  return Flag(app_->add_option(names, into, help));
}
Flag Subcommand::option(const std::string& names, std::size_t& into, const std::string& help) {
  return Flag(app_->add_option(names, into, help));
}
Flag Subcommand::option(const std::string& names, double& into, const std::string& help) {
  return Flag(app_->add_option(names, into, help));
}
Flag Subcommand::option(const std::string& names, std::optional<int>& into, const std::string& help) {
  return Flag(app_->add_option(names, into, help));
}
Flag Subcommand::option(const std::string& names, std::vector<std::string>& into, const std::string& help) {
  return Flag(app_->add_option(names, into, help));
}
Flag Subcommand::flag(const std::string& names, bool& into, const std::string& help) {
  return Flag(app_->add_flag(names, into, help));
}
void Subcommand::footer(const std::string& text) { app_->footer(text); }
bool Subcommand::given() const { return app_->parsed(); }

CommandLine::CommandLine(const std::string& description, const std::string& footer, const std::string& version)
    : app_(std::make_unique<CLI::App>(description, "fuzzycron")) {
  app_->footer(footer);
  app_->set_version_flag("-V,--version", version);
  app_->require_subcommand(1);
}

CommandLine::~CommandLine() = default;

Subcommand CommandLine::add(const std::string& name, const std::string& description) {
  return Subcommand(app_->add_subcommand(name, description));
}

int CommandLine::run(int argc, char** argv, const std::vector<Command>& commands) {
  // "fuzzycron nxt": the command that was probably meant, not a usage dump.
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    for (const CLI::App* sub : app_->get_subcommands({})) names.push_back(sub->get_name());
    if (std::find(names.begin(), names.end(), argv[1]) == names.end()) {
      const auto near = closest_name(argv[1], names);
      std::cerr << "fuzzycron: unknown command '" << argv[1] << "'"
                << (near ? ": did you mean '" + *near + "'?" : std::string()) << "\nThe commands:";
      for (const auto& n : names) std::cerr << " " << n;
      std::cerr << " (fuzzycron --help)\n";
      return kBadInput;
    }
  }
  try {
    app_->parse(argc, argv);
  } catch (const CLI::ExtrasError& e) {
    // "--dts": the flag that was probably meant, among the command's own.
    if (argc > 1 && argv[1][0] != '-') {
      std::vector<std::string> flags;
      for (const CLI::Option* o : app_->get_subcommand(argv[1])->get_options())
        for (const std::string& n : o->get_lnames()) flags.push_back("--" + n);
      for (int i = 2; i < argc; ++i) {
        const std::string arg = std::string(argv[i]).substr(0, std::string(argv[i]).find('='));
        if (!arg.starts_with("--") || std::find(flags.begin(), flags.end(), arg) != flags.end()) continue;
        const auto near = closest_name(arg, flags);
        std::cerr << "fuzzycron " << argv[1] << ": unknown option '" << arg << "'"
                  << (near ? " (did you mean '" + *near + "'?)" : std::string()) << "; fuzzycron " << argv[1]
                  << " --help lists them\n";
        return kBadInput;
      }
    }
    return app_->exit(e) == 0 ? kOk : kBadInput;
  } catch (const CLI::ParseError& e) {
    return app_->exit(e) == 0 ? kOk : kBadInput;
  }
  try {
    for (const auto& c : commands)
      if (c.sub.given()) return c.run();
  } catch (const Error& e) {
    print_error(std::cerr, e);
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "fuzzycron: " << e.what() << "\n";
    return kFailure;
  }
  return kOk;
}

std::vector<CommandInfo> CommandLine::describe() const {
  std::vector<CommandInfo> out;
  for (const CLI::App* sub : app_->get_subcommands({})) {
    CommandInfo c{sub->get_name(), sub->get_description(), {}, false};
    for (const CLI::Option* o : sub->get_options({})) {
      if (o->get_positional()) {
        c.takes_files = true;
        continue;
      }
      OptionInfo info;
      for (const auto& n : o->get_snames()) info.names.push_back("-" + n);
      for (const auto& n : o->get_lnames()) info.names.push_back("--" + n);
      info.takes_value = o->get_type_size() != 0;
      info.description = o->get_description();
      c.options.push_back(std::move(info));
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace fuzzycron::cli
