// Shared by the dialect splitters: fields of one line laid out in order.
#pragma once

#include <initializer_list>
#include <string_view>

#include "syntax/field.h"

namespace fuzzycron::syntax {

// Appends a line to spec, tokens[i] parsed as layout[i] with the dialect's rules.
Line& add_line(Spec& spec, std::string_view text, int line_no, const std::vector<Token>& tokens,
               std::initializer_list<FieldId> layout, Dialect d, bool furiko_quartz_dow = false);

// Takes a leading "NAME=zone" token (CRON_TZ=, TZ=) off `tokens` into spec.zone.
void take_zone_prefix(std::vector<Token>& tokens, std::string_view text, std::initializer_list<std::string_view> names,
                      Spec& spec, int line_no);

std::string_view trim(std::string_view s);

}  // namespace fuzzycron::syntax
