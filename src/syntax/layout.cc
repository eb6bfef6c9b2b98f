#include "syntax/layout.h"

namespace fuzzycron::syntax {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

Line make_line(std::string_view text, int line_no, const std::vector<Token>& tokens,
               std::initializer_list<FieldId> layout, Dialect d, bool furiko_quartz_dow) {
  Line line;
  line.text = std::string(text);
  line.line = line_no;
  std::size_t i = 0;
  for (FieldId f : layout) {
    const Token& tok = tokens.at(i++);
    line.fields[static_cast<int>(f)] =
        parse_field(tok.text, tok.column, rules_for(d, f, furiko_quartz_dow), line);
  }
  return line;
}

void take_zone_prefix(std::vector<Token>& tokens, std::string_view text,
                      std::initializer_list<std::string_view> names, Spec& spec, int line_no) {
  if (tokens.empty()) return;
  for (std::string_view name : names) {
    const std::string prefix = std::string(name) + "=";
    const std::string_view tok = tokens.front().text;
    if (tok.substr(0, prefix.size()) != prefix) continue;
    spec.zone = std::string(tok.substr(prefix.size()));
    spec.zone_column = tokens.front().column + static_cast<int>(prefix.size());
    spec.zone_line = line_no;
    spec.zone_text = std::string(text);
    if (spec.zone->empty()) fail(std::string(name) + "= needs a zone name, e.g. " + std::string(name) + "=Europe/Berlin", spec.zone_text, spec.zone_column, line_no);
    tokens.erase(tokens.begin());
    return;
  }
}

}  // namespace fuzzycron::syntax
