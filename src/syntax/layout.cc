#include "syntax/layout.h"

namespace fuzzycron::syntax {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

Line& add_line(Spec& spec, std::string_view text, int line_no, const std::vector<Token>& tokens,
               std::initializer_list<FieldId> layout, Dialect d, bool furiko_quartz_dow) {
  Line& line = spec.lines.emplace_back();  // built in place: a line is some 600 bytes
  line.text = std::string(text);
  line.line = line_no;
  std::size_t i = 0;
  for (FieldId f : layout) {
    const Token& tok = tokens.at(i++);
    parse_field_into(line.fields[static_cast<int>(f)].emplace(), tok.text, tok.column,
                     rules_for(d, f, furiko_quartz_dow), line);
  }
  return line;
}

void take_zone_prefix(std::vector<Token>& tokens, std::string_view text, std::initializer_list<std::string_view> names,
                      Spec& spec, int line_no) {
  if (tokens.empty()) return;
  for (std::string_view name : names) {
    const std::string_view tok = tokens.front().text;
    if (!tok.starts_with(name) || tok.size() == name.size() || tok[name.size()] != '=') continue;
    const std::size_t prefix = name.size() + 1;  // NAME=
    spec.zone = std::string(tok.substr(prefix));
    spec.zone_column = tokens.front().column + static_cast<int>(prefix);
    spec.zone_line = line_no;
    spec.zone_text = std::string(text);
    if (spec.zone->empty())
      fail(std::string(name) + "= needs a zone name, e.g. " + std::string(name) + "=Europe/Berlin", spec.zone_text,
           spec.zone_column, line_no);
    tokens.erase(tokens.begin());
    return;
  }
}

}  // namespace fuzzycron::syntax
