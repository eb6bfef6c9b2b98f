// fuzzycron completion bash|zsh|fish: a completion script made from the
// command line's own description (CommandLine::describe), so it always lists
// the commands and flags there are; the values of the flags that take names
// (dialects, DST policies, hash schemes, targets) come from the library.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "command.h"
#include "fuzzycron/options.h"
#include "options.h"

namespace fuzzycron::cli {
namespace {

// The names a flag's value is one of, by command and long name ("" for any command).
std::string values_of(const std::string& command, const OptionInfo& o) {
  auto has = [&](const char* name) { return std::find(o.names.begin(), o.names.end(), name) != o.names.end(); };
  if (has("--dialect") || (command == "resolve" && has("--to"))) return dialect_names(" ");
  if (has("--dst"))
    return "cron wall skip-first skip-last skip-both shift-first shift-last shift-both later-first later-last "
           "later-both later-hourly hourly-first hourly-both";
  if (has("--hash")) return hash_scheme_names(" ");
  if (command == "export" && has("--to")) return "systemd kubernetes github-actions nomad eventbridge cloud-scheduler";
  if (has("--runs-on") || has("--target"))
    return "fuzzycron cron kubernetes github-actions systemd quartz spring jenkins furiko";
  if (has("--log-format")) return "json text";
  if (has("--shutdown")) return "term wait kill";
  if (has("--fail-on")) return "error warning info";
  if (command == "completion") return "bash zsh fish";
  return {};
}

// Text for a single-quoted shell word, and for zsh's [description].
std::string quoted(std::string s) {
  std::string out;
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out;
}
std::string bracketed(std::string s) {
  std::string out;
  for (char c : s)
    if (c != '[' && c != ']' && c != ':' && c != '\'' && c != '\n') out += c;
  return out.size() > 90 ? out.substr(0, 87) + "..." : out;
}

std::string bash(const std::vector<CommandInfo>& commands) {
  std::ostringstream out;
  out << "# bash completion for fuzzycron (fuzzycron completion bash)\n"
         "_fuzzycron() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=${COMP_WORDS[1]} opts values\n"
         "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n    COMPREPLY=($(compgen -W '";
  for (const auto& c : commands) out << c.name << " ";
  out << "--help --version' -- \"$cur\"))\n    return\n  fi\n  case \"$cmd\" in\n";
  for (const auto& c : commands) {
    out << "    " << c.name << ")\n      opts='";
    for (const auto& o : c.options)
      for (const auto& n : o.names) out << n << " ";
    out << "'\n      case \"$prev\" in\n";
    for (const auto& o : c.options)
      if (const std::string v = values_of(c.name, o); !v.empty()) {
        out << "        ";
        for (std::size_t i = 0; i < o.names.size(); ++i) out << (i ? "|" : "") << o.names[i];
        out << ") values='" << v << "' ;;\n";
      }
    out << "      esac ;;\n";
  }
  out << "  esac\n"
         "  if [ -n \"$values\" ]; then COMPREPLY=($(compgen -W \"$values\" -- \"$cur\")); return; fi\n"
         "  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\")); return; fi\n"
         "  COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         "}\n"
         "complete -o filenames -F _fuzzycron fuzzycron\n";
  return out.str();
}

std::string zsh(const std::vector<CommandInfo>& commands) {
  std::ostringstream out;
  out << "#compdef fuzzycron\n# zsh completion for fuzzycron (fuzzycron completion zsh)\n"
         "_fuzzycron() {\n  local -a commands\n  commands=(\n";
  for (const auto& c : commands) out << "    '" << c.name << ":" << bracketed(c.description) << "'\n";
  out << "  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' commands\n    return\n  fi\n"
         "  local cmd=$words[2]\n  shift words\n  (( CURRENT-- ))\n  case $cmd in\n";
  for (const auto& c : commands) {
    out << "    " << c.name << ")\n      _arguments";
    for (const auto& o : c.options) {
      const std::string v = values_of(c.name, o);
      const std::string value = o.takes_value ? (v.empty() ? ":value:" : ":value:(" + v + ")") : "";
      std::string group;
      if (o.names.size() > 1) {
        group = "(";
        for (std::size_t i = 0; i < o.names.size(); ++i) group += (i ? " " : "") + o.names[i];
        group += ")";
      }
      for (const auto& n : o.names)
        out << " \\\n        '" << group << n << "[" << bracketed(o.description) << "]" << value << "'";
    }
    if (c.takes_files) out << " \\\n        '*:file:_files'";
    out << " ;;\n";
  }
  out << "  esac\n}\n_fuzzycron \"$@\"\n";
  return out.str();
}

std::string fish(const std::vector<CommandInfo>& commands) {
  std::ostringstream out;
  out << "# fish completion for fuzzycron (fuzzycron completion fish)\ncomplete -c fuzzycron -f\n";
  for (const auto& c : commands)
    out << "complete -c fuzzycron -n __fish_use_subcommand -a " << c.name << " -d '" << quoted(bracketed(c.description))
        << "'\n";
  for (const auto& c : commands) {
    const std::string when = "-n '__fish_seen_subcommand_from " + c.name + "'";
    if (c.takes_files) out << "complete -c fuzzycron " << when << " -F\n";
    for (const auto& o : c.options) {
      out << "complete -c fuzzycron " << when;
      for (const auto& n : o.names) out << (n.starts_with("--") ? " -l " + n.substr(2) : " -s " + n.substr(1));
      if (o.takes_value) {
        const std::string v = values_of(c.name, o);
        out << (v.empty() ? " -r" : " -x -a '" + v + "'");
      }
      out << " -d '" << quoted(bracketed(o.description)) << "'\n";
    }
  }
  return out.str();
}

}  // namespace

Command add_completion(CommandLine& line) {
  auto shell = std::make_shared<std::string>();
  Subcommand sub = line.add("completion", "print a completion script for bash, zsh or fish");
  sub.option("SHELL", *shell, "bash | zsh | fish").required();
  sub.footer(
      "Install (the Debian package does this for you):\n"
      "  fuzzycron completion bash > /usr/share/bash-completion/completions/fuzzycron\n"
      "  fuzzycron completion zsh > /usr/share/zsh/vendor-completions/_fuzzycron\n"
      "  fuzzycron completion fish > /usr/share/fish/vendor_completions.d/fuzzycron.fish\n"
      "Or for this shell only: source <(fuzzycron completion bash)");
  return {sub, [shell, &line] {
            const auto commands = line.describe();
            if (*shell == "bash")
              std::cout << bash(commands);
            else if (*shell == "zsh")
              std::cout << zsh(commands);
            else if (*shell == "fish")
              std::cout << fish(commands);
            else {
              std::cerr << "fuzzycron completion: '" << *shell << "' is not a shell it knows: bash, zsh or fish\n";
              return kBadInput;
            }
            return kOk;
          }};
}

}  // namespace fuzzycron::cli
